import type { Kysely } from 'kysely';

/** Each user's choice of Lighthouse categories beside performance, per tool (null: defaults). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_settings').addColumn('lighthouse_categories', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('lighthouse_categories').execute();
}
