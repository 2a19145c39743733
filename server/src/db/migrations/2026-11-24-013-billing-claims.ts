import type { Kysely } from 'kysely';

/**
 * Settlement claims (scale-out): a settler renews or ends a due subscription only after
 * claiming its row by setting `settling_until` where it was empty or past, so of several
 * API processes sharing the database exactly one charges a period. The claim is a lease:
 * a settler that crashed holds the row only until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('settling_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('settling_until').execute();
}
