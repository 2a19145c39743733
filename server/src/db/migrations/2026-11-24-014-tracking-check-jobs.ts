import type { Kysely } from 'kysely';

/**
 * The job that opened a tracked page's check (scale-out): a check job run again after its
 * worker vanished finds the checks it opened and charged, and measures those again instead
 * of opening and charging new ones. Null for checks opened before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').addColumn('job_id', 'varchar(64)').execute();
  await db.schema
    .createIndex('tracking_checks_job')
    .on('tracking_checks')
    .column('job_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tracking_checks_job').execute();
  await db.schema.alterTable('tracking_checks').dropColumn('job_id').execute();
}
