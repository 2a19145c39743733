import crypto from 'node:crypto';
import type { Db } from '../db/connect';

export interface Subscriber {
  email: string;
  firstName?: string;
  searchTerm?: string;
}

/**
 * Keeps an email subscription. The address arrives lower-cased, so a repeat in any case
 * updates the one row (its name and search term).
 */
export async function saveSubscriber(db: Db, at: string, subscriber: Subscriber): Promise<void> {
  const row = {
    id: crypto.randomUUID(),
    email: subscriber.email,
    first_name: subscriber.firstName ?? '',
    search_term: subscriber.searchTerm ?? '',
    created_at: at,
  };
  await db.kysely
    .insertInto('email_subscribers')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ first_name: row.first_name, search_term: row.search_term }),
    )
    .execute();
}

/** Keeps the address of a Pro demo request; false when it was already on the list (kept as it was). */
export async function saveDemoRequest(db: Db, at: string, email: string): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto('demo_requests')
    .values({ id: crypto.randomUUID(), email, created_at: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
