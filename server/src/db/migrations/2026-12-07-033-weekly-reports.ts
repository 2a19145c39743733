import type { Kysely } from 'kysely';

/**
 * Weekly reports: each member's choice of the workspace's weekly email (0: not wanted,
 * the default: mail is opt-in), and the weeks each workspace's report was sent, one row a
 * week so that two processes never send it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspace_members')
    .addColumn('weekly_report', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('weekly_reports_sent')
    .addColumn('workspace_id', 'text', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('weekly_reports_sent_pk', ['workspace_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_reports_sent').execute();
  await db.schema.alterTable('workspace_members').dropColumn('weekly_report').execute();
}
