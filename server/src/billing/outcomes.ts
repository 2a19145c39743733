import type { Selectable } from 'kysely';
import type { SubscriptionsTable } from '../db/schema';
import { DomainError } from '../domain/errors';

/** The plan a billing change leaves the user on, as the payments routes answer it. */
export interface BillingOutcome {
  planId: number;
  billingCycle: number;
  renewsAt: string | null;
  cancelsAt: string | null;
}

/** A refusal of billing, answered with its status and message. */
export class BillingError extends DomainError {
  constructor(
    status: 402 | 404 | 409,
    message: string,
    /** Set when the user pays for a plan already: a payment taken elsewhere is given back. */
    readonly alreadySubscribed = false,
  ) {
    super(status, message);
  }
}

export type Subscription = Selectable<SubscriptionsTable>;
