import crypto from 'node:crypto';
import { FREE_PLAN_ID, planById } from '@core/plans';
import type { PaymentBody } from '@core/schemas/payments';
import type { Clock } from '../auth/clock';
import type { User } from '../auth/users';
import type { Db } from '../db/connect';
import type { SubscriptionsTable } from '../db/schema';
import {
  PaymentDeclined,
  type ChargeRequest,
  type PaymentsProvider,
  type ProviderSubscription,
} from '../providers/payments/port';
import { addBillingPeriod } from './periods';

export interface BillingOutcome {
  planId: number;
  billingCycle: number;
  renewsAt: string | null;
  cancelsAt: string | null;
}

/** An answer the payments routes turn into the spec's status and message. */
export class BillingError extends Error {
  constructor(
    readonly status: 402 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const ALREADY_SUBSCRIBED = (plan: string) => `You are already subscribed our ${plan}`;

/** Subscriptions and the plan they give a user; the provider only moves money. */
export class Billing {
  private settling: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly provider: PaymentsProvider,
    private readonly clock: Clock,
  ) {}

  private async current(userId: string) {
    return this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

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
      amount: body.billingCycle === 2 ? plan.yearlyPrice : plan.monthlyPrice,
    };
  }

  private async applyToUser(userId: string, outcome: BillingOutcome): Promise<BillingOutcome> {
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

  private async declined<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentDeclined) throw new BillingError(402, error.message);
      throw error;
    }
  }

  /** POST /payments: a new subscription, charged now. */
  async subscribe(user: User, body: PaymentBody): Promise<BillingOutcome> {
    const existing = await this.current(user.id);
    if (existing && !existing.cancel_at_period_end) {
      // Spec 000 answers 500 here; a conflict is what it is, and no 5xx comes from input.
      throw new BillingError(409, ALREADY_SUBSCRIBED(planById(existing.plan_id).plan));
    }
    const sub = await this.declined(() => this.provider.subscribe(this.charge(user, body)));
    const now = this.clock.now().toISOString();
    await this.db.kysely.transaction().execute(async (trx) => {
      if (existing) {
        // A subscription that was set to cancel gives way to the new one.
        await trx
          .updateTable('subscriptions')
          .set({ status: 'canceled', updated_at: now })
          .where('id', '=', existing.id)
          .execute();
      }
      await trx
        .insertInto('subscriptions')
        .values(this.row(user.id, body, sub, now))
        .execute();
    });
    return this.applyToUser(user.id, {
      planId: body.planId,
      billingCycle: body.billingCycle,
      renewsAt: sub.periodEnd.toISOString(),
      cancelsAt: null,
    });
  }

  private row(
    userId: string,
    body: PaymentBody,
    sub: ProviderSubscription,
    now: string,
  ): SubscriptionsTable {
    return {
      id: crypto.randomUUID(),
      user_id: userId,
      provider: this.provider.kind,
      provider_subscription_id: sub.providerSubscriptionId,
      provider_customer_id: sub.providerCustomerId,
      payment_method_id: body.paymentMethodId,
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

  /** PUT /payments: change plan, change card, or (free plan) cancel at period end. */
  async update(user: User, body: PaymentBody): Promise<BillingOutcome> {
    const existing = await this.current(user.id);
    if (!existing) throw new BillingError(404, 'You have no subscription to change.');
    const now = this.clock.now().toISOString();
    if (body.planId === FREE_PLAN_ID) {
      await this.provider.cancelAtPeriodEnd(existing.provider_subscription_id);
      await this.db.kysely
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: 1, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      // Paid service continues to the end of the period already paid for.
      return this.applyToUser(user.id, {
        planId: existing.plan_id,
        billingCycle: existing.billing_cycle,
        renewsAt: null,
        cancelsAt: existing.current_period_end,
      });
    }
    if (body.planId === existing.plan_id && body.billingCycle === existing.billing_cycle) {
      await this.declined(() =>
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
      return this.applyToUser(user.id, {
        planId: existing.plan_id,
        billingCycle: existing.billing_cycle,
        renewsAt: existing.current_period_end,
        cancelsAt: null,
      });
    }
    const sub = await this.declined(() =>
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
    return this.applyToUser(user.id, {
      planId: body.planId,
      billingCycle: body.billingCycle,
      renewsAt: sub.periodEnd.toISOString(),
      cancelsAt: null,
    });
  }

  /** The user's live PayPal subscription id, or '' (spec 000 §7 'userSubscription'). */
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
    return this.applyToUser(userId, {
      planId: sub.plan_id,
      billingCycle: sub.billing_cycle,
      renewsAt: null,
      cancelsAt: sub.current_period_end,
    });
  }

  /**
   * Brings one subscription in line with the provider's record of it (webhooks): status,
   * plan, period and cancellation, and the user's plan with them.
   */
  async syncSubscription(remote: {
    providerSubscriptionId: string;
    status: string;
    planId: number | null;
    billingCycle: number | null;
    periodStart: Date;
    periodEnd: Date;
    cancelAtPeriodEnd: boolean;
  }): Promise<boolean> {
    const sub = await this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', remote.providerSubscriptionId)
      .executeTakeFirst();
    if (!sub) return false;
    const now = this.clock.now().toISOString();
    const ended = ['canceled', 'incomplete_expired', 'unpaid'].includes(remote.status);
    const planId = remote.planId ?? sub.plan_id;
    const billingCycle = remote.billingCycle ?? sub.billing_cycle;
    await this.db.kysely
      .updateTable('subscriptions')
      .set({
        status: ended ? 'canceled' : remote.status === 'past_due' ? 'past_due' : 'active',
        plan_id: planId,
        billing_cycle: billingCycle,
        current_period_start: remote.periodStart.toISOString(),
        current_period_end: remote.periodEnd.toISOString(),
        cancel_at_period_end: remote.cancelAtPeriodEnd ? 1 : 0,
        updated_at: now,
      })
      .where('id', '=', sub.id)
      .execute();
    const end = remote.periodEnd.toISOString();
    await this.applyToUser(
      sub.user_id,
      ended
        ? { planId: FREE_PLAN_ID, billingCycle: 1, renewsAt: null, cancelsAt: null }
        : {
            planId,
            billingCycle,
            renewsAt: remote.cancelAtPeriodEnd ? null : end,
            cancelsAt: remote.cancelAtPeriodEnd ? end : null,
          },
    );
    return true;
  }

  /** Active subscriptions whose period has ended by `now`. */
  private due(now: Date) {
    return this.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('current_period_end', '<=', now.toISOString());
  }

  /**
   * Settles a user's due subscriptions: renews those still wanted (the local processor
   * charges the card) and ends the cancelled or unpaid ones, falling back to free. True
   * when the user's plan or dates changed.
   */
  async settle(userId: string): Promise<boolean> {
    const due = (now: Date) => this.due(now).where('user_id', '=', userId).execute();
    // Almost always nothing is due: that answer needs no turn in the queue below, which
    // otherwise made every usage request of the process wait for the ones before it.
    if ((await due(this.clock.now())).length === 0) return false;
    const changed = await this.oneAtATime(due);
    return changed > 0;
  }

  /** Settles every user's due subscriptions in one pass; how many changed. */
  async settleAll(): Promise<number> {
    return this.oneAtATime((now) => this.due(now).execute());
  }

  /**
   * Settles in turn: a sweep and a request of the same user never read the same due row
   * and charge its renewal twice.
   */
  private oneAtATime(select: (now: Date) => Promise<SubscriptionsTable[]>): Promise<number> {
    const run = async () => {
      const now = this.clock.now();
      return this.settleRows(await select(now), now);
    };
    const next = this.settling.then(run, run);
    this.settling = next.catch(() => undefined);
    return next;
  }

  private async settleRows(due: SubscriptionsTable[], now: Date): Promise<number> {
    let changed = 0;
    for (const sub of due) {
      const wanted = !sub.cancel_at_period_end;
      // Remote providers renew on their own and report it by webhook.
      if (wanted && this.provider.kind !== 'local') continue;
      changed++;
      if (wanted && sub.payment_method_id && (await this.renewLocal(sub, now))) continue;
      await this.db.kysely
        .updateTable('subscriptions')
        .set({ status: 'canceled', updated_at: now.toISOString() })
        .where('id', '=', sub.id)
        .execute();
      await this.applyToUser(sub.user_id, {
        planId: FREE_PLAN_ID,
        billingCycle: 1,
        renewsAt: null,
        cancelsAt: null,
      });
    }
    return changed;
  }

  private async renewLocal(sub: SubscriptionsTable, now: Date): Promise<boolean> {
    const plan = planById(sub.plan_id);
    try {
      await this.provider.renew(sub.provider_subscription_id, {
        userId: sub.user_id,
        email: '',
        name: '',
        zipcode: '',
        planId: sub.plan_id,
        billingCycle: sub.billing_cycle,
        paymentMethodId: sub.payment_method_id ?? '',
        amount: sub.billing_cycle === 2 ? plan.yearlyPrice : plan.monthlyPrice,
      });
    } catch (error) {
      if (error instanceof PaymentDeclined) return false;
      throw error;
    }
    let start = new Date(sub.current_period_end);
    let end = addBillingPeriod(start, sub.billing_cycle);
    // A server that was off for several periods charges once and catches up to now.
    while (end <= now) {
      start = end;
      end = addBillingPeriod(start, sub.billing_cycle);
    }
    await this.db.kysely
      .updateTable('subscriptions')
      .set({
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', sub.id)
      .execute();
    await this.applyToUser(sub.user_id, {
      planId: sub.plan_id,
      billingCycle: sub.billing_cycle,
      renewsAt: end.toISOString(),
      cancelsAt: null,
    });
    return true;
  }
}
