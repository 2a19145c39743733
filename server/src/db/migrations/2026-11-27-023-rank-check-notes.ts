import type { Kysely } from 'kysely';

/**
 * Why a check's results ended before its depth, when the provider said: the sandbox web
 * has no page about the keyword. Checks from before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rank_checks').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rank_checks').dropColumn('note').execute();
}
