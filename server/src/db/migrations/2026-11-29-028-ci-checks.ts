import type { Kysely } from 'kysely';

/**
 * CI checks: URLs measured now for a pipeline (or a person), each URL's samples a speed
 * test of the workspace. The pages' runs are named in `pages`; the judged result is kept
 * once every run ended, so a list and a later read need no run. A check goes with its
 * workspace; it names who ran it while their account lives (then null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ci_checks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_name', 'varchar(80)')
    .addColumn('device', 'varchar(8)', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('compare_with', 'varchar(8)', (c) => c.notNull())
    .addColumn('budget', 'text')
    .addColumn('ref', 'text')
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('verdict', 'varchar(8)')
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('ci_checks_list')
    .on('ci_checks')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('ci_checks_user').on('ci_checks').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ci_checks').execute();
}
