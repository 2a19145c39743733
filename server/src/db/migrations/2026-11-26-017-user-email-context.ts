import type { Kysely } from 'kysely';

/**
 * What emails sent without a request need to know of their reader: the origin the user
 * last signed in from (links point there when PUBLIC_URL is unset) and the browser's IANA
 * time zone (times are written in it). Users from before have neither: no link base, UTC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sign_in_origin', 'varchar(255)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.alterTable('users').dropColumn('sign_in_origin').execute();
}
