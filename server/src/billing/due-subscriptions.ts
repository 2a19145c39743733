import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Active subscriptions whose period has ended by `now`: what settlement renews or ends.
 * Billing settles them; authentication asks, with the session, whether a user has any.
 */
export const dueSubscriptions = (kysely: Kysely<Database>, now: string) =>
  kysely
    .selectFrom('subscriptions')
    .where('subscriptions.status', '=', 'active')
    .where('subscriptions.current_period_end', '<=', now);
