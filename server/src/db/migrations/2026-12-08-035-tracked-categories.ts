import type { Kysely } from 'kysely';

/**
 * Lighthouse categories tracked beside performance: each page's choice (JSON array; null:
 * none) and each check's median score of each (JSON CategoryScores; null: none measured).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracked_pages').addColumn('categories', 'text').execute();
  await db.schema.alterTable('tracking_checks').addColumn('category_scores', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').dropColumn('category_scores').execute();
  await db.schema.alterTable('tracked_pages').dropColumn('categories').execute();
}
