import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { ProviderSubscription } from '../providers/payments/port';
import type { BillingNotices } from './billing-emails';
import type { BillingOutcome, Subscription } from './outcomes';

/**
 * The plan a user is on, as their subscriptions leave it: every billing change ends here,
 * on the user's row, and a payment or a cancellation also in the user's mail.
 */
export class UserPlans {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Receipts and cancellation notices. */
    private readonly notices: BillingNotices,
  ) {}

  /** The user's newest active subscription. */
  current(userId: string): Promise<Subscription | undefined> {
    return this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async apply(userId: string, outcome: BillingOutcome): Promise<BillingOutcome> {
    await this.db.kysely
      .updateTable('users')
      .set({
        plan_id: outcome.planId,
        billing_cycle: outcome.billingCycle,
        renews_at: outcome.renewsAt,
        cancels_at: outcome.cancelsAt,
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', userId)
      .execute();
    return outcome;
  }

  /** The plan a charge paid for, on the user and in a receipt. */
  async applyPayment(
    userId: string,
    body: { planId: number; billingCycle: number },
    sub: ProviderSubscription,
  ): Promise<BillingOutcome> {
    const outcome = await this.apply(userId, {
      planId: body.planId,
      billingCycle: body.billingCycle,
      renewsAt: sub.periodEnd.toISOString(),
      cancelsAt: null,
    });
    await this.notices.paid({
      userId,
      planId: body.planId,
      billingCycle: body.billingCycle,
      periodStart: sub.periodStart.toISOString(),
      periodEnd: sub.periodEnd.toISOString(),
      cardLast4: sub.cardLast4,
    });
    return outcome;
  }

  /** A cancellation, on the user and in a notice: paid service runs to the period's end. */
  async applyCancellation(userId: string, sub: Subscription): Promise<BillingOutcome> {
    const outcome = await this.apply(userId, {
      planId: sub.plan_id,
      billingCycle: sub.billing_cycle,
      renewsAt: null,
      cancelsAt: sub.current_period_end,
    });
    await this.notices.cancelled({
      userId,
      planId: sub.plan_id,
      cancelsAt: sub.current_period_end,
    });
    return outcome;
  }
}
