import { SECRETS_MAX, type Secret } from '@core/flows/flow-api';
import { FLOW_ERROR_CODES, FLOW_MESSAGES } from '@core/messages';
import type { Db } from '../db/connect';
import type { WorkspaceSecretsTable } from '../db/schema';
import { NotFound, PlanLimit } from '../domain/errors';
import { insertUnderLimit } from '../domain/limited-insert';
import type { Clock } from '../shared/clock';
import type { SecretBox } from '../shared/secret-box';

const shown = (row: Pick<WorkspaceSecretsTable, 'name' | 'created_at' | 'updated_at'>): Secret => ({
  name: row.name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const tooMany = () =>
  new PlanLimit(FLOW_MESSAGES.tooManySecrets(SECRETS_MAX), FLOW_ERROR_CODES.tooManySecrets);

/**
 * A workspace's named secrets (a password, a cookie, a header value) that flow steps type
 * by name: stored sealed under SECRETS_KEY, shown by name alone, opened only to run a flow.
 */
export class WorkspaceSecrets {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
  ) {}

  async list(workspaceId: string): Promise<Secret[]> {
    const rows = await this.db.kysely
      .selectFrom('workspace_secrets')
      .select(['name', 'created_at', 'updated_at'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('name')
      .execute();
    return rows.map(shown);
  }

  /** Sets `name` to `value`, a new secret within SECRETS_MAX or a new value of one. */
  async put(workspaceId: string, name: string, value: string): Promise<Secret> {
    const now = this.clock.now().toISOString();
    const sealed = this.box.seal(value);
    return insertUnderLimit(this.db, {
      workspaceId,
      held: (trx) =>
        trx
          .selectFrom('workspace_secrets')
          .select('name')
          .where('workspace_id', '=', workspaceId)
          .execute(),
      limit: SECRETS_MAX,
      // A new value of a secret it holds adds none.
      adding: 0,
      overLimit: tooMany,
      refuseFirst: (held) => {
        if (!held.some((row) => row.name === name) && held.length >= SECRETS_MAX) throw tooMany();
      },
      insert: async (trx) => {
        const row = await trx
          .insertInto('workspace_secrets')
          .values({
            workspace_id: workspaceId,
            name,
            value: sealed,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['workspace_id', 'name']).doUpdateSet({ value: sealed, updated_at: now }),
          )
          .returning(['name', 'created_at', 'updated_at'])
          .executeTakeFirstOrThrow();
        return shown(row);
      },
    });
  }

  async remove(workspaceId: string, name: string): Promise<void> {
    const done = await this.db.kysely
      .deleteFrom('workspace_secrets')
      .where('workspace_id', '=', workspaceId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(done.numDeletedRows) === 0)
      throw new NotFound(FLOW_MESSAGES.secretNotFound, FLOW_ERROR_CODES.secretNotFound);
  }

  /** Of `names`, those the workspace has no secret of. */
  async missing(workspaceId: string, names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const held = new Set((await this.list(workspaceId)).map((secret) => secret.name));
    return [...new Set(names)].filter((name) => !held.has(name));
  }

  /** The values of `names` the workspace holds, opened: for a flow's run alone. */
  async open(workspaceId: string, names: readonly string[]): Promise<Record<string, string>> {
    if (names.length === 0) return {};
    const rows = await this.db.kysely
      .selectFrom('workspace_secrets')
      .select(['name', 'value'])
      .where('workspace_id', '=', workspaceId)
      .where('name', 'in', [...new Set(names)])
      .execute();
    return Object.fromEntries(rows.map((row) => [row.name, this.box.open(row.value)]));
  }

  /** Seals again what a previous key sealed (see WebhookEndpoints.reseal). */
  async reseal(): Promise<number> {
    const rows = await this.db.kysely
      .selectFrom('workspace_secrets')
      .select(['workspace_id', 'name', 'value'])
      .execute();
    let sealed = 0;
    for (const row of rows) {
      if (!this.box.needsResealing(row.value)) continue;
      const done = await this.db.kysely
        .updateTable('workspace_secrets')
        .set({ value: this.box.seal(this.box.open(row.value)) })
        .where('workspace_id', '=', row.workspace_id)
        .where('name', '=', row.name)
        .where('value', '=', row.value)
        .executeTakeFirst();
      sealed += Number(done.numUpdatedRows);
    }
    return sealed;
  }
}
