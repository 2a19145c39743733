import { DEFAULT_KEYWORD_SETTINGS, clampTemperature } from '@core/keywords/settings';
import { keywordSettingsSchema, type KeywordSettings } from '@core/schemas/keywords';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';

/** The keyword tool's settings of a workspace, kept so they follow its members between browsers. */
export class KeywordSettingsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The stored settings, or the defaults when none are stored or they no longer parse. */
  async read(workspaceId: string): Promise<KeywordSettings> {
    const row = await this.db.kysely
      .selectFrom('keyword_settings')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) return DEFAULT_KEYWORD_SETTINGS;
    const parsed = keywordSettingsSchema.safeParse({
      country: row.country,
      country_code: row.country_code,
      language: row.language,
      // The column is a `real`: 0.7 comes back as 0.699999988.
      temperature: clampTemperature(Number(row.temperature)),
      algorithm: row.algorithm,
    });
    return parsed.success ? parsed.data : DEFAULT_KEYWORD_SETTINGS;
  }

  /** Stores `changes` over what is stored, and answers the whole settings. */
  async save(workspaceId: string, changes: Partial<KeywordSettings>): Promise<KeywordSettings> {
    const next = { ...(await this.read(workspaceId)), ...changes };
    // Two decimals, as the settings box rounds: a `real` column cannot hold 4e-323.
    next.temperature = clampTemperature(next.temperature);
    const row = { workspace_id: workspaceId, ...next, updated_at: this.clock.now().toISOString() };
    await this.db.kysely
      .insertInto('keyword_settings')
      .values(row)
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet(row))
      .execute();
    return next;
  }
}
