import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { MESSAGES } from '@core/messages';
import { FREE_PLAN_ID, planById, planPrice } from '@core/plans';
import type { PaymentBody } from '@core/schemas/payments';
import type { Clock } from '../shared/clock';
import type { User } from '../db/schema';
import type { Db } from '../db/connect';
import type { SubscriptionsTable } from '../db/schema';
import type { PlanCycleId } from '../providers/payments/plan-ids';
import {
  PaymentDeclined,
  type ChargeRequest,
  type PaymentsProvider,
  type ProviderSubscription,
} from '../providers/payments/port';
import type { PayPalSubscription } from '../providers/payments/paypal';
import { BillingError, type BillingOutcome, type Subscription } from './outcomes';
import { addBillingPeriod } from '../shared/billing-periods';
import type { UserPlans } from './user-plans';

const PAID_WITH_PAYPAL =
  'Your plan is paid with PayPal. Cancel it on the account page first, then choose the new plan.';

/** A payment the card provider refused is the 402 of its message. */
async function declined<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentDeclined) throw new BillingError(402, error.message);
    throw error;
  }
}

/** The 409 of paying for a plan while another one runs on. */
const alreadySubscribed = (existing: Subscription) =>
  new BillingError(409, MESSAGES.alreadySubscribed(planById(existing.plan_id).plan), true);

/**
 * What a user does to their subscription: subscribe (by card or PayPal), change plan or
 * card, cancel at the period's end. The card provider moves the money; the rows and the
 * user's plan are ours.
 */
export class Subscriptions {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentsProvider,
    private readonly clock: Clock,
    private readonly plans: UserPlans,
  ) {}

  private charge(user: User, body: PaymentBody): ChargeRequest {
    const plan = planById(body.planId);
    return {
      userId: user.id,
      email: body.email,
      name: body.name,
      zipcode: body.zipcode,
      planId: plan.planId,
      billingCycle: body.billingCycle,
      paymentMethodId: body.paymentMethodId,
      amount: planPrice(plan, body.billingCycle),
    };
  }

  /** POST /payments: a new subscription, charged now. */
  async subscribe(user: User, body: PaymentBody): Promise<BillingOutcome> {
    const existing = await this.plans.current(user.id);
    // The original app answered 500 here; this is a conflict, and no 5xx comes from input.
    if (existing && !existing.cancel_at_period_end) throw alreadySubscribed(existing);
    const sub = await declined(() => this.provider.subscribe(this.charge(user, body)));
    const now = this.clock.now().toISOString();
    await this.start(
      existing,
      newRow(user.id, body, this.provider.kind, body.paymentMethodId, sub, now),
    );
    return this.plans.applyPayment(user.id, body, sub);
  }

  /**
   * POST /payments/paypal: a subscription the buyer approved in PayPal's buttons, as
   * PayPal reports it (the caller has checked it is this user's, paid, and for `plan`).
   */
  async subscribePaypal(
    user: User,
    remote: PayPalSubscription,
    plan: PlanCycleId,
  ): Promise<BillingOutcome> {
    const known = await this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider', '=', 'paypal')
      .where('provider_subscription_id', '=', remote.id)
      .executeTakeFirst();
    if (known) {
      if (known.user_id !== user.id)
        throw new BillingError(409, 'This PayPal subscription belongs to another account.');
      // The same approval sent again (a retry, a second click): the plan it gave.
      return {
        planId: known.plan_id,
        billingCycle: known.billing_cycle,
        renewsAt: known.cancel_at_period_end ? null : known.current_period_end,
        cancelsAt: known.cancel_at_period_end ? known.current_period_end : null,
      };
    }
    const existing = await this.plans.current(user.id);
    if (existing && !existing.cancel_at_period_end) throw alreadySubscribed(existing);
    const now = this.clock.now();
    const periodStart = remote.startTime && remote.startTime < now ? remote.startTime : now;
    const periodEnd =
      remote.nextBillingTime && remote.nextBillingTime > now
        ? remote.nextBillingTime
        : addBillingPeriod(periodStart, plan.billingCycle);
    const sub: ProviderSubscription = {
      providerSubscriptionId: remote.id,
      providerCustomerId: null,
      periodStart,
      periodEnd,
      cardLast4: null,
    };
    const at = now.toISOString();
    await this.start(existing, newRow(user.id, plan, 'paypal', null, sub, at));
    return this.plans.applyPayment(user.id, plan, sub);
  }

  /** Records a new subscription; one that was set to cancel gives way to it. */
  private async start(
    existing: Subscription | undefined,
    row: Insertable<SubscriptionsTable>,
  ): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      if (existing) {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'canceled', updated_at: row.updated_at })
          .where('id', '=', existing.id)
          .execute();
      }
      await trx.insertInto('subscriptions').values(row).execute();
    });
  }

  /** PUT /payments: change plan, change card, or (free plan) cancel at period end. */
  async update(user: User, body: PaymentBody): Promise<BillingOutcome> {
    const existing = await this.plans.current(user.id);
    if (!existing) throw new BillingError(404, 'You have no subscription to change.');
    // PayPal's subscriptions change and end at PayPal (PUT /payments/paypal), not on a card.
    if (existing.provider === 'paypal') throw new BillingError(409, PAID_WITH_PAYPAL);
    const now = this.clock.now().toISOString();
    if (body.planId === FREE_PLAN_ID) {
      await this.provider.cancelAtPeriodEnd(existing.provider_subscription_id);
      await this.db.kysely
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: 1, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return this.plans.applyCancellation(user.id, existing);
    }
    if (body.planId === existing.plan_id && body.billingCycle === existing.billing_cycle) {
      await declined(() =>
        this.provider.changePaymentMethod(
          existing.provider_subscription_id,
          body.paymentMethodId,
          user.id,
        ),
      );
      await this.db.kysely
        .updateTable('subscriptions')
        .set({ payment_method_id: body.paymentMethodId, cancel_at_period_end: 0, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return this.plans.apply(user.id, {
        planId: existing.plan_id,
        billingCycle: existing.billing_cycle,
        renewsAt: existing.current_period_end,
        cancelsAt: null,
      });
    }
    const sub = await declined(() =>
      this.provider.changePlan(existing.provider_subscription_id, this.charge(user, body)),
    );
    await this.db.kysely
      .updateTable('subscriptions')
      .set({
        plan_id: body.planId,
        billing_cycle: body.billingCycle,
        payment_method_id: body.paymentMethodId,
        current_period_start: sub.periodStart.toISOString(),
        current_period_end: sub.periodEnd.toISOString(),
        cancel_at_period_end: 0,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return this.plans.applyPayment(user.id, body, sub);
  }

  /** The user's live PayPal subscription, or null when there is none. */
  async paypalSubscriptionOf(userId: string): Promise<{ id: string; providerId: string } | null> {
    const row = await this.db.kysely
      .selectFrom('subscriptions')
      .select(['id', 'provider_subscription_id'])
      .where('user_id', '=', userId)
      .where('provider', '=', 'paypal')
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', 0)
      .executeTakeFirst();
    return row ? { id: row.id, providerId: row.provider_subscription_id } : null;
  }

  /** Records a PayPal cancellation: paid service runs to the end of the period. */
  async cancelPaypal(userId: string, subscriptionRowId: string): Promise<BillingOutcome> {
    const sub = await this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionRowId)
      .executeTakeFirstOrThrow();
    await this.db.kysely
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: 1, updated_at: this.clock.now().toISOString() })
      .where('id', '=', sub.id)
      .execute();
    return this.plans.applyCancellation(userId, sub);
  }
}

/** A new active subscription row, for the period the provider charged. */
function newRow(
  userId: string,
  body: { planId: number; billingCycle: number },
  provider: SubscriptionsTable['provider'],
  paymentMethodId: string | null,
  sub: ProviderSubscription,
  now: string,
): Insertable<SubscriptionsTable> {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    provider,
    provider_subscription_id: sub.providerSubscriptionId,
    provider_customer_id: sub.providerCustomerId,
    payment_method_id: paymentMethodId,
    plan_id: body.planId,
    billing_cycle: body.billingCycle,
    status: 'active',
    current_period_start: sub.periodStart.toISOString(),
    current_period_end: sub.periodEnd.toISOString(),
    cancel_at_period_end: 0,
    created_at: now,
    updated_at: now,
  };
}
