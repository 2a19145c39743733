import type { Kysely } from 'kysely';

/**
 * Tracked pages measured signed in: how a page signs in (JSON SignIn: a sign-in flow, cookies
 * from secrets; null for signed out), and whether each check was measured so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracked_pages').addColumn('sign_in', 'text').execute();
  await db.schema
    .alterTable('tracking_checks')
    .addColumn('signed_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracking_checks').dropColumn('signed_in').execute();
  await db.schema.alterTable('tracked_pages').dropColumn('sign_in').execute();
}
