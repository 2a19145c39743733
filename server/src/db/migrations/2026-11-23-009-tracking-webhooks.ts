import type { Kysely } from 'kysely';

/**
 * Webhooks of site speed tracking: each user's endpoints with their signing
 * secret, and every delivery to them with its attempts. A delivery due for another attempt
 * keeps the time in `next_attempt_at`, so retries outlive a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_webhooks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('tracking_webhooks_user_url', ['user_id', 'url'])
    .execute();

  await db.schema
    .createTable('tracking_webhook_deliveries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('webhook_id', 'varchar(36)', (c) =>
      c.notNull().references('tracking_webhooks.id').onDelete('cascade'),
    )
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    // The JSON sent, the same on every attempt; only the signature's time changes.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_attempt_at', 'varchar(32)')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  // The log's order, read straight off the index.
  await db.schema
    .createIndex('tracking_webhook_deliveries_log')
    .on('tracking_webhook_deliveries')
    .columns(['webhook_id', 'created_at', 'id'])
    .execute();
  // The retry sweep looks for due deliveries; the retention sweep deletes by age.
  await db.schema
    .createIndex('tracking_webhook_deliveries_due')
    .on('tracking_webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('tracking_webhook_deliveries_created')
    .on('tracking_webhook_deliveries')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_webhook_deliveries').execute();
  await db.schema.dropTable('tracking_webhooks').execute();
}
