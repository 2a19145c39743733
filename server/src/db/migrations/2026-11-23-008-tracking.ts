import type { Kysely } from 'kysely';

/** Lab metric columns of a sample and of a check's median: ms for timings, psi 0–100. */
const LAB_COLUMNS = ['psi', 'fcp', 'si', 'lcp', 'tti', 'tbt', 'cls'] as const;

/**
 * Site speed tracking: tracked pages with the scheduler's lease, their checks
 * (one device's samples at one time) with the median, the representative run's filmstrip
 * and field data, each sample's lab metrics or error, and the alerts sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracked_pages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    /** 'mobile', 'desktop' or 'mobile,desktop'. */
    .addColumn('devices', 'varchar(32)', (c) => c.notNull())
    .addColumn('schedule', 'varchar(16)', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('budgets', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alert_state', 'varchar(16)', (c) => c.notNull().defaultTo('ok'))
    .addColumn('next_due_at', 'varchar(32)', (c) => c.notNull())
    // The scheduler's lease: which process runs the page's check, and until when.
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('tracked_pages_user_url', ['user_id', 'url'])
    .execute();
  await db.schema
    .createIndex('tracked_pages_due')
    .on('tracked_pages')
    .columns(['paused', 'next_due_at'])
    .execute();

  let checks = db.schema
    .createTable('tracking_checks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(36)', (c) =>
      c.notNull().references('tracked_pages.id').onDelete('cascade'),
    )
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)');
  for (const key of LAB_COLUMNS) checks = checks.addColumn(`median_${key}`, 'double precision');
  await checks
    .addColumn('filmstrip', 'text')
    .addColumn('field', 'text')
    .addColumn('regression', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .execute();
  // The history's order (newest first, then id) read straight off the index, whatever the
  // number of checks a page has.
  await db.schema
    .createIndex('tracking_checks_page_started')
    .on('tracking_checks')
    .columns(['page_id', 'started_at', 'id'])
    .execute();
  // The retention sweep deletes by age across all pages.
  await db.schema
    .createIndex('tracking_checks_started')
    .on('tracking_checks')
    .column('started_at')
    .execute();

  let samples = db.schema
    .createTable('tracking_samples')
    .addColumn('check_id', 'varchar(36)', (c) =>
      c.notNull().references('tracking_checks.id').onDelete('cascade'),
    )
    .addColumn('sample', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(24)', (c) => c.notNull());
  for (const key of LAB_COLUMNS) samples = samples.addColumn(key, 'double precision');
  await samples
    .addColumn('error', 'text')
    .addColumn('error_kind', 'varchar(24)')
    .addPrimaryKeyConstraint('tracking_samples_pk', ['check_id', 'sample'])
    .execute();

  await db.schema
    .createTable('tracking_alerts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(36)', (c) =>
      c.notNull().references('tracked_pages.id').onDelete('cascade'),
    )
    .addColumn('check_id', 'varchar(36)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('emailed_at', 'varchar(32)')
    .addColumn('email_error', 'text')
    .execute();
  await db.schema
    .createIndex('tracking_alerts_page_created')
    .on('tracking_alerts')
    .columns(['page_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tracking_alerts', 'tracking_samples', 'tracking_checks', 'tracked_pages']) {
    await db.schema.dropTable(table).execute();
  }
}
