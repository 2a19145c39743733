import type { Kysely } from 'kysely';

/**
 * API tokens and the workspaces' audit log.
 *
 * A token is made by a member for one workspace and is stored as its sha256 only; its
 * foreign key is the membership itself, so a member who leaves or is removed takes their
 * tokens along. An audit entry keeps who acted while their account lives (then null), and
 * goes with its workspace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scopes', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)')
    .addForeignKeyConstraint(
      'api_tokens_member',
      ['workspace_id', 'user_id'],
      'workspace_members',
      ['workspace_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('api_tokens_member')
    .on('api_tokens')
    .columns(['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('workspace_audit')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_name', 'varchar(80)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(48)', (c) => c.notNull())
    .addColumn('detail', 'varchar(300)')
    .addColumn('target_id', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('workspace_audit_page')
    .on('workspace_audit')
    .columns(['workspace_id', 'at', 'id'])
    .execute();
  await db.schema.createIndex('workspace_audit_at').on('workspace_audit').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_audit').execute();
  await db.schema.dropTable('api_tokens').execute();
}
