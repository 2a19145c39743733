import type { Transaction } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { DomainError } from './errors';

/** One insert of rows a plan limits per workspace (tracked pages, rank keywords, RUM sites, webhooks). */
export interface LimitedInsert<Held, Out> {
  workspaceId: string;
  /** What the workspace holds now, read inside the transaction that inserts. */
  held: (trx: Transaction<Database>) => Promise<Held[]>;
  /** How many the workspace may hold, and how many this insert adds. */
  limit: number;
  adding: number;
  /** The refusal when the rows would pass the limit. */
  overLimit: () => DomainError;
  /** Throws a refusal that comes before the limit's (a duplicate, as the resource orders them). */
  refuseFirst?: (held: Held[]) => void;
  /** Writes the rows; may throw a refusal of its own, and then nothing is written. */
  insert: (trx: Transaction<Database>, held: Held[]) => Promise<Out>;
}

/**
 * Inserts under a plan limit: the count and the insert are one transaction holding the
 * workspace's row (PostgreSQL; SQLite runs one writer at a time), so concurrent requests cannot
 * pass the limit, and a refusal thrown on the way leaves nothing written.
 */
export function insertUnderLimit<Held, Out>(db: Db, spec: LimitedInsert<Held, Out>): Promise<Out> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.kind === 'postgres') {
      await trx
        .selectFrom('workspaces')
        .select('id')
        .where('id', '=', spec.workspaceId)
        .forUpdate()
        .execute();
    }
    const held = await spec.held(trx);
    spec.refuseFirst?.(held);
    if (held.length + spec.adding > spec.limit) throw spec.overLimit();
    return spec.insert(trx, held);
  });
}
