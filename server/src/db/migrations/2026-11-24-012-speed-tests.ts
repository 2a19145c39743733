import type { Kysely } from 'kysely';

/**
 * Speed tests and their runs in the database rather than in one process's memory: a
 * test (a speed test of one URL, or a SERP search paying for its cards) with the runs
 * and page-facts reads each of its URLs may still use, and every run
 * with its outcome. A signed-in user's speed tests stay as their history, to compare two
 * tests of one URL; the filmstrip sits in its own column so that the retention sweep can
 * drop the frames of all but each test's representative runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speed_tests')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Who pays: 'user:<id>' or 'ip:<address>' (quota subject).
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    // The tested URL; null for a search's result cards.
    .addColumn('url', 'varchar(2048)')
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // 1 once the sweep has dropped the frames of its runs but the representative ones.
    .addColumn('compacted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('speed_tests_user_url')
    .on('speed_tests')
    .columns(['user_id', 'url', 'created_at'])
    .execute();
  await db.schema
    .createIndex('speed_tests_created')
    .on('speed_tests')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('speed_test_urls')
    .addColumn('test_id', 'varchar(36)', (c) =>
      c.notNull().references('speed_tests.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('runs_left', 'integer', (c) => c.notNull())
    .addColumn('facts_unread', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('speed_test_urls_pk', ['test_id', 'url'])
    .execute();

  await db.schema
    .createTable('speed_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('test_id', 'varchar(36)', (c) =>
      c.notNull().references('speed_tests.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('strategy', 'varchar(16)', (c) => c.notNull())
    .addColumn('sample', 'integer', (c) => c.notNull())
    // JSON RunStatus without its result's filmstrip.
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON of the result's filmstrip and frame times; null while running or once dropped.
    .addColumn('filmstrip', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('speed_runs_test').on('speed_runs').column('test_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speed_runs').execute();
  await db.schema.dropTable('speed_test_urls').execute();
  await db.schema.dropTable('speed_tests').execute();
}
