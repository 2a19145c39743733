import type { Kysely } from 'kysely';

/**
 * The month a speed test was charged to ('2026-11'), so that a test whose page answered
 * an HTTP error is given back to that month once, by whichever worker ran the sample;
 * null for a search's cards (the search paid) and once the charge was given back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('speed_tests').addColumn('charge_period', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('speed_tests').dropColumn('charge_period').execute();
}
