import type { Kysely } from 'kysely';

/**
 * The representative run's insights (JSON Insight[]), kept beside its filmstrip so a check
 * says what to fix; null for checks stored before, failed ones, and once the retention
 * sweep dropped the check's details. And its metrics' thresholds (JSON, by metric key), so
 * the check's figures are graded as Lighthouse scored them; small, so never dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').addColumn('insights', 'text').execute();
  await db.schema.alterTable('tracking_checks').addColumn('thresholds', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').dropColumn('thresholds').execute();
  await db.schema.alterTable('tracking_checks').dropColumn('insights').execute();
}
