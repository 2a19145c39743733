import { sql, type Kysely } from 'kysely';

/**
 * Tracked flows: a flow's schedule, its next run and that run's lease, each measured step's
 * alert state and whether the flow is failing; each run's trigger and judgement; the flows'
 * alerts. Flows and runs from before are untracked and run now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flows').addColumn('schedule', 'varchar(8)').execute();
  await db.schema.alterTable('flows').addColumn('next_due_at', 'varchar(32)').execute();
  await db.schema.alterTable('flows').addColumn('lease_owner', 'varchar(36)').execute();
  await db.schema.alterTable('flows').addColumn('lease_until', 'varchar(32)').execute();
  await db.schema
    .alterTable('flows')
    .addColumn('step_states', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('flows')
    .addColumn('failing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('flows_due').on('flows').columns(['next_due_at']).execute();
  await db.schema
    .alterTable('flow_runs')
    .addColumn('trigger', 'varchar(10)', (c) => c.notNull().defaultTo(sql`'manual'`))
    .execute();
  await db.schema.alterTable('flow_runs').addColumn('judgement', 'text').execute();
  await db.schema
    .createTable('flow_alerts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('flow_id', 'varchar(36)', (c) =>
      c.notNull().references('flows.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(36)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('step', 'varchar(100)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_alerts_flow')
    .on('flow_alerts')
    .columns(['flow_id', 'at'])
    .execute();
  await db.schema
    .createIndex('flow_alerts_workspace')
    .on('flow_alerts')
    .column('workspace_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flow_alerts').execute();
  await db.schema.alterTable('flow_runs').dropColumn('judgement').execute();
  await db.schema.alterTable('flow_runs').dropColumn('trigger').execute();
  await db.schema.dropIndex('flows_due').execute();
  for (const column of [
    'failing',
    'step_states',
    'lease_until',
    'lease_owner',
    'next_due_at',
    'schedule',
  ])
    await db.schema.alterTable('flows').dropColumn(column).execute();
}
