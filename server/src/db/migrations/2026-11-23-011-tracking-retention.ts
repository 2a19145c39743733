import { sql, type Kysely } from 'kysely';

/**
 * Retention of tracking details: a check keeps its filmstrip and every sample's
 * fingerprint while `detailed` is 1, that is while it is among the latest
 * TRACKING_DETAIL_CHECKS of its page and device; the sweep then drops them (keeping the
 * representative sample's fingerprint) and sets it to 0. The partial index holds only the
 * detailed checks, so the sweep reads a few per page, not the page's whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tracking_checks')
    .addColumn('detailed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('tracking_checks_detailed')
    .on('tracking_checks')
    .columns(['page_id', 'device', 'started_at', 'id'])
    .where(sql.ref('detailed'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tracking_checks_detailed').execute();
  await db.schema.alterTable('tracking_checks').dropColumn('detailed').execute();
}
