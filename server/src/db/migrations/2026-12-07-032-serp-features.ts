import type { Kysely } from 'kysely';

/**
 * What a rank check saw beside the positions: the first page's SERP features with the
 * hosts each links to (JSON SerpFeature[]), and its top ten results (JSON of position,
 * domain and URL), for visibility and the competitors found. Null on checks made before,
 * on failed ones, and where the provider says nothing of features: unknown, not none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rank_checks').addColumn('features', 'text').execute();
  await db.schema.alterTable('rank_checks').addColumn('top_results', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rank_checks').dropColumn('top_results').execute();
  await db.schema.alterTable('rank_checks').dropColumn('features').execute();
}
