import type { Db } from '../db/connect';

/**
 * Records a payment processor's event by its id; false when it was recorded before, so a
 * redelivered event is applied once.
 */
export async function recordPaymentEvent(
  db: Db,
  event: { id: string; provider: string; type: string },
  at: string,
): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto('payment_events')
    .values({ ...event, received_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}
