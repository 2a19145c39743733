import type { Kysely } from 'kysely';

/** Pro demo requests: one row per address asking for a demo of the paid version. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_requests')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_requests').execute();
}
