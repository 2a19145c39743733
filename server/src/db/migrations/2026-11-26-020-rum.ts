import type { Kysely } from 'kysely';

/**
 * Real-user monitoring: a user's sites (each with the key its beacon carries and the
 * origins it may send from), and what their visitors' beacons measured, kept as counts
 * per histogram bucket rather than one row per beacon. A row's key holds everything a
 * dashboard filters or groups by, so a beacon adds one to one row (in place, by upsert:
 * processes never lose each other's counts), and the rating is part of the key because a
 * bucket may straddle a Core Web Vitals threshold. The elements and interactions behind
 * LCP, INP and CLS are counted apart, per selector, with their poor values and a sum for
 * the mean. A site without a user is the install's own (its pages' beacon, for operators).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rum_sites')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    /** JSON array of origins ('https://example.com') the beacon may come from. */
    .addColumn('origins', 'text', (c) => c.notNull())
    /** Share of page views that send a beacon, 0–1. */
    .addColumn('sample_rate', 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rum_sites_user').on('rum_sites').column('user_id').execute();

  await db.schema
    .createTable('rum_counts')
    .addColumn('site_id', 'varchar(36)', (c) =>
      c.notNull().references('rum_sites.id').onDelete('cascade'),
    )
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('connection', 'varchar(16)', (c) => c.notNull())
    .addColumn('page_group', 'varchar(200)', (c) => c.notNull())
    .addColumn('metric', 'varchar(8)', (c) => c.notNull())
    .addColumn('rating', 'varchar(20)', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rum_counts_pk', [
      'site_id',
      'day',
      'device',
      'connection',
      'page_group',
      'metric',
      'rating',
      'bucket',
    ])
    .execute();
  await db.schema.createIndex('rum_counts_day').on('rum_counts').column('day').execute();

  await db.schema
    .createTable('rum_targets')
    .addColumn('site_id', 'varchar(36)', (c) =>
      c.notNull().references('rum_sites.id').onDelete('cascade'),
    )
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('connection', 'varchar(16)', (c) => c.notNull())
    .addColumn('page_group', 'varchar(200)', (c) => c.notNull())
    .addColumn('metric', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('poor', 'integer', (c) => c.notNull())
    .addColumn('value_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('rum_targets_pk', [
      'site_id',
      'day',
      'device',
      'connection',
      'page_group',
      'metric',
      'target',
    ])
    .execute();
  await db.schema.createIndex('rum_targets_day').on('rum_targets').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rum_targets').execute();
  await db.schema.dropTable('rum_counts').execute();
  await db.schema.dropTable('rum_sites').execute();
}
