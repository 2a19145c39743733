import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'varchar(255)', (c) => c.unique())
    .addColumn('plan_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('billing_cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('renews_at', 'varchar(32)')
    .addColumn('cancels_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('device_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_domain', 'varchar(64)', (c) => c.notNull().defaultTo('google.com'))
    .addColumn('country', 'varchar(16)', (c) => c.notNull().defaultTo('us'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
    .addColumn('search_keyword', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('origin_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_settings').execute();
  await db.schema.dropTable('users').execute();
}
