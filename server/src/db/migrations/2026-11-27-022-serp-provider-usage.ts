import type { Kysely } from 'kysely';

/**
 * Each SERP provider's calls, failures and results per calendar month, for operators and
 * the month's cost estimate. One row per provider and month, added to by upsert, so every
 * process's calls count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('serp_provider_usage')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'varchar(32)')
    .addPrimaryKeyConstraint('serp_provider_usage_pk', ['source', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('serp_provider_usage').execute();
}
