import type { Kysely } from 'kysely';

/** The keyword tool's settings, kept on the server for signed-in users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('keyword_settings')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('country', 'varchar(100)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('temperature', 'real', (c) => c.notNull())
    .addColumn('algorithm', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('keyword_settings').execute();
}
