import { sql, type Kysely } from 'kysely';

/**
 * Tracking you can trust: a finished check's state (ok, partial, failed) beside
 * its status, whether its samples were measured otherwise than the check before, each
 * sample's fingerprint (JSON of RunFingerprint), and per page the consecutive regressed
 * checks an alert needs and whether the page is unreachable (three failed checks in a row).
 * Checks stored before get their state from their samples.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tracked_pages')
    .addColumn('alert_after', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable('tracked_pages')
    .addColumn('unreachable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracking_checks').addColumn('state', 'varchar(16)').execute();
  await db.schema
    .alterTable('tracking_checks')
    .addColumn('fingerprint_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracking_samples').addColumn('fingerprint', 'text').execute();

  // A check that failed with a reason was interrupted by a stopped server: not the page's
  // failure, so no state (as for a skipped check).
  await sql`update tracking_checks set state = 'failed' where status = 'failed' and error is null`.execute(
    db,
  );
  await sql`update tracking_checks set state = case when exists (
      select 1 from tracking_samples s where s.check_id = tracking_checks.id and s.error is not null
    ) then 'partial' else 'ok' end
    where status = 'done'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_samples').dropColumn('fingerprint').execute();
  await db.schema.alterTable('tracking_checks').dropColumn('fingerprint_changed').execute();
  await db.schema.alterTable('tracking_checks').dropColumn('state').execute();
  await db.schema.alterTable('tracked_pages').dropColumn('unreachable').execute();
  await db.schema.alterTable('tracked_pages').dropColumn('alert_after').execute();
}
