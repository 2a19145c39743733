import {
  DEFAULT_COUNTRY,
  DEFAULT_DEVICE_TYPE,
  DEFAULT_GOOGLE_DOMAIN,
  DEFAULT_LANGUAGE,
} from '@core/limits';
import {
  categoryChoiceSchema,
  DEFAULT_CATEGORY_CHOICE,
  inReportOrder,
  type CategoryChoice,
} from '@core/lighthouse-categories';
import {
  userSettingsSchema,
  type SaveSettingsBody,
  type UserSettings,
} from '@core/schemas/settings';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';

export const DEFAULT_USER_SETTINGS: UserSettings = {
  deviceType: DEFAULT_DEVICE_TYPE,
  googleDomain: DEFAULT_GOOGLE_DOMAIN,
  country: DEFAULT_COUNTRY,
  language: DEFAULT_LANGUAGE,
  searchKeyword: '',
  originUrl: '',
  lighthouseCategories: DEFAULT_CATEGORY_CHOICE,
};

/** A stored choice over the defaults: a tool it does not name keeps its default. */
function choiceOf(json: string | null): CategoryChoice {
  const stored =
    json === null ? {} : categoryChoiceSchema.partial().safeParse(JSON.parse(json)).data;
  return { ...DEFAULT_CATEGORY_CHOICE, ...stored };
}

/** A user's search settings, with the search and page they were on when last recorded. */
export class UserSettingsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async read(userId: string): Promise<UserSettings> {
    const row = await this.db.kysely
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULT_USER_SETTINGS;
    return userSettingsSchema.parse({
      deviceType: row.device_type,
      googleDomain: row.google_domain,
      country: row.country,
      language: row.language,
      searchKeyword: row.search_keyword,
      originUrl: row.origin_url,
      lighthouseCategories: choiceOf(row.lighthouse_categories),
    });
  }

  /** Stores `partial` over what is stored (some callers send a few fields); returns the whole. */
  async save(userId: string, partial: SaveSettingsBody): Promise<UserSettings> {
    const stored = await this.read(userId);
    const next = {
      ...stored,
      ...partial,
      lighthouseCategories: Object.fromEntries(
        Object.entries({ ...stored.lighthouseCategories, ...partial.lighthouseCategories }).map(
          ([tool, list]) => [tool, inReportOrder(list)],
        ),
      ) as CategoryChoice,
    };
    const row = {
      user_id: userId,
      device_type: next.deviceType,
      google_domain: next.googleDomain,
      country: next.country,
      language: next.language,
      search_keyword: next.searchKeyword,
      origin_url: next.originUrl,
      lighthouse_categories: JSON.stringify(next.lighthouseCategories),
      updated_at: this.clock.now().toISOString(),
    };
    await this.db.kysely
      .insertInto('user_settings')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    return next;
  }
}
