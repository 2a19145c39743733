import type { Kysely } from 'kysely';

/**
 * Each check's representative run's audits by category (JSON Categories; null when none
 * were kept), for comparing checks across Lighthouse versions; pruned with the insights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').addColumn('audits', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').dropColumn('audits').execute();
}
