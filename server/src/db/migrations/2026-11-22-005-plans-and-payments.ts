import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_counters')
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('tool', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['subject', 'tool', 'period'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('provider_customer_id', 'varchar(255)')
    .addColumn('payment_method_id', 'varchar(255)')
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('billing_cycle', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('current_period_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(32)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_user_id')
    .on('subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('local_payment_methods')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('brand', 'varchar(24)', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment_events',
    'local_payment_methods',
    'subscriptions',
    'usage_counters',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
