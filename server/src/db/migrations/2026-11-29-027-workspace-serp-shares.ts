import type { Kysely } from 'kysely';

/**
 * A share link made by a signed-in search belongs to the workspace it was made in: it goes
 * with the workspace and is part of its owner's export. A visitor's stays anonymous (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('serp_shares')
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.references('workspaces.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('serp_shares_workspace')
    .on('serp_shares')
    .column('workspace_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('serp_shares_workspace').execute();
  await db.schema.alterTable('serp_shares').dropColumn('workspace_id').execute();
}
