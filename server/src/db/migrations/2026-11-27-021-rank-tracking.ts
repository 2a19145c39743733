import type { Kysely } from 'kysely';

/**
 * Rank tracking: a user's keywords (the domain, device and place a position is read for,
 * with the check's lease and next due time in the row, as tracked pages keep theirs) and
 * each keyword's checks. A keyword without a language or location stores '' for it, so
 * the unique constraint holds on both databases (NULLs never clash). The best position
 * ever seen is kept on the keyword, so the list need not read a keyword's whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rank_keywords')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('keyword', 'varchar(200)', (c) => c.notNull())
    .addColumn('domain', 'varchar(253)', (c) => c.notNull())
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    /** JSON arrays of domains and of tags, and the JSON of core's RankAlerts. */
    .addColumn('competitors', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('alerts', 'text', (c) => c.notNull())
    .addColumn('best_position', 'integer')
    .addColumn('best_at', 'varchar(32)')
    .addColumn('next_check_at', 'varchar(32)', (c) => c.notNull())
    // The check's lease: which job checks the keyword, and until when.
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('rank_keywords_unique', [
      'user_id',
      'keyword',
      'domain',
      'device',
      'country',
      'language',
      'location',
    ])
    .execute();
  await db.schema
    .createIndex('rank_keywords_due')
    .on('rank_keywords')
    .column('next_check_at')
    .execute();

  await db.schema
    .createTable('rank_checks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('keyword_id', 'varchar(36)', (c) =>
      c.notNull().references('rank_keywords.id').onDelete('cascade'),
    )
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer')
    .addColumn('url', 'varchar(2048)')
    .addColumn('provider', 'varchar(16)')
    .addColumn('depth_reached', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    /** JSON object: each competitor's position, null when not within depth_reached. */
    .addColumn('competitors', 'text', (c) => c.notNull())
    .execute();
  // One keyword's history over N days, and its latest check, read straight off the index.
  await db.schema
    .createIndex('rank_checks_keyword_checked')
    .on('rank_checks')
    .columns(['keyword_id', 'checked_at'])
    .execute();
  // The retention sweep deletes by age across all keywords.
  await db.schema
    .createIndex('rank_checks_checked')
    .on('rank_checks')
    .column('checked_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rank_checks').execute();
  await db.schema.dropTable('rank_keywords').execute();
}
