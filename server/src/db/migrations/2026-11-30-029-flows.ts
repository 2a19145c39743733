import type { Kysely } from 'kysely';

/**
 * User flows (a workspace's steps through a site, measured by Lighthouse's user-flow API),
 * their runs, and the workspace's named secrets the steps type by name. A run keeps the
 * steps it ran, so its result reads against them after the flow changed. Secrets are stored
 * sealed (shared/secret-box.ts): the API never returns a value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flows')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('device', 'varchar(8)', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flows_workspace')
    .on('flows')
    .columns(['workspace_id', 'created_at'])
    .execute();
  await db.schema.createIndex('flows_user').on('flows').column('user_id').execute();
  await db.schema
    .createTable('flow_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('flow_id', 'varchar(36)', (c) =>
      c.notNull().references('flows.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('error_kind', 'varchar(20)')
    .addColumn('charged', 'integer', (c) => c.notNull())
    .addColumn('charge_subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('charge_period', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('flow_runs_flow')
    .on('flow_runs')
    .columns(['flow_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('flow_runs_workspace')
    .on('flow_runs')
    .column('workspace_id')
    .execute();
  await db.schema.createIndex('flow_runs_user').on('flow_runs').column('user_id').execute();
  await db.schema
    .createTable('workspace_secrets')
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_secrets_pk', ['workspace_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_secrets').execute();
  await db.schema.dropTable('flow_runs').execute();
  await db.schema.dropTable('flows').execute();
}
