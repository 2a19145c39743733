import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { MESSAGES } from '@core/messages';
import { FREE_PLAN_ID, planById, planPrice } from '@core/plans';
import type { PaymentBody } from '@core/schemas/payments';
import type { Clock } from '../auth/clock';
import type { User } from '../auth/users';
import type { Db } from '../db/connect';
import type { SubscriptionsTable } from '../db/schema';
import {
  PaymentDeclined,
  type ChargeRequest,
  type ChargeResult,
  type PaymentsProvider,
  type ProviderSubscription,
} from '../providers/payments/port';
import type { BillingNotices } from './billing-emails';
import type { PlanCycleId } from '../providers/payments/plan-ids';
import {
  PAYPAL_PAID_STATUSES,
  type PayPalSubscription,
  type PayPalSubscriptions,
} from '../providers/payments/paypal';
import { addBillingPeriod } from './periods';
import { dueSubscriptions } from './due-subscriptions';

export interface BillingOutcome {
  planId: number;
  billingCycle: number;
  renewsAt: string | null;
  cancelsAt: string | null;
}

/** An answer the payments routes turn into its HTTP status and message. */
export class BillingError extends Error {
  constructor(
    readonly status: 402 | 404 | 409,
    message: string,
    /** Set when the user pays for a plan already: a payment taken elsewhere is given back. */
    readonly alreadySubscribed = false,
  ) {
    super(message);
  }
}

/** What billing asks PayPal: a subscription's state when its paid period ends. */
export type PayPalReader = Pick<PayPalSubscriptions, 'subscription'>;

const PAID_WITH_PAYPAL =
  'Your plan is paid with PayPal. Cancel it on the account page first, then choose the new plan.';

export interface SettlementOptions {
  /** How long a settler's claim on a due row lasts: a crashed settler's rows wait so long. */
  claimMs?: number;
  /** How long settle(userId) waits for rows another settler has claimed. */
  waitMs?: number;
}

/** Outlasts any renewal charge by far; a crashed settler's rows are taken over after it. */
const CLAIM_MS = 5 * 60_000;
const CLAIM_WAIT_MS = 5_000;
const CLAIM_POLL_MS = 25;

type Subscription = Selectable<SubscriptionsTable>;

/** A subscription as its provider reports it (a webhook's fresh read). */
export interface RemoteSubscription {
  providerSubscriptionId: string;
  status: string;
  planId: number | null;
  billingCycle: number | null;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** Subscriptions and the plan they give a user; the provider only moves money. */
export class Billing {
  private readonly claimMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly db: Db,
    readonly provider: PaymentsProvider,
    private readonly clock: Clock,
    /** Receipts and cancellation notices. */
    private readonly notices: BillingNotices,
    /** Null unless PayPal is configured. */
    private readonly paypal: PayPalReader | null,
    options: SettlementOptions = {},
  ) {
    this.claimMs = options.claimMs ?? CLAIM_MS;
    this.waitMs = options.waitMs ?? CLAIM_WAIT_MS;
  }

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
      amount: planPrice(plan, body.billingCycle),
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
      // The original app answered 500 here; this is a conflict, and no 5xx comes from input.
      throw new BillingError(
        409,
        MESSAGES.alreadySubscribed(planById(existing.plan_id).plan),
        true,
      );
    }
    const sub = await this.declined(() => this.provider.subscribe(this.charge(user, body)));
    const now = this.clock.now().toISOString();
    await this.start(
      existing,
      this.row(user.id, body, this.provider.kind, body.paymentMethodId, sub, now),
    );
    return this.applyPayment(user.id, body, sub);
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
    const existing = await this.current(user.id);
    if (existing && !existing.cancel_at_period_end) {
      throw new BillingError(
        409,
        MESSAGES.alreadySubscribed(planById(existing.plan_id).plan),
        true,
      );
    }
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
    await this.start(existing, this.row(user.id, plan, 'paypal', null, sub, at));
    return this.applyPayment(user.id, plan, sub);
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

  /** The plan a charge paid for, on the user and in a receipt. */
  private async applyPayment(
    userId: string,
    body: { planId: number; billingCycle: number },
    sub: ProviderSubscription,
  ): Promise<BillingOutcome> {
    const outcome = await this.applyToUser(userId, {
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
  private async applyCancellation(userId: string, sub: Subscription): Promise<BillingOutcome> {
    const outcome = await this.applyToUser(userId, {
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

  private row(
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

  /** PUT /payments: change plan, change card, or (free plan) cancel at period end. */
  async update(user: User, body: PaymentBody): Promise<BillingOutcome> {
    const existing = await this.current(user.id);
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
      return this.applyCancellation(user.id, existing);
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
    return this.applyPayment(user.id, body, sub);
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
    return this.applyCancellation(userId, sub);
  }

  /**
   * Brings one subscription in line with the provider's record of it (webhooks): status,
   * plan, period and cancellation, and the user's plan with them. What changed on the
   * provider's side alone is told to the user: a period that moved on is a renewal's
   * receipt, a cancellation made there (a dashboard, a billing portal) is its notice; a
   * change this app made and recorded first is not told twice.
   */
  async syncSubscription(remote: RemoteSubscription): Promise<boolean> {
    // Compare-and-set on what was read, so that of two events of one change (an invoice
    // and a subscription update arriving together) one tells the user of it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const sub = await this.db.kysely
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', remote.providerSubscriptionId)
        .executeTakeFirst();
      if (!sub) return false;
      const synced = await this.syncRow(sub, remote);
      if (synced) return true;
    }
    return false;
  }

  private async syncRow(sub: Subscription, remote: RemoteSubscription): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const ended = ['canceled', 'incomplete_expired', 'unpaid'].includes(remote.status);
    const planId = remote.planId ?? sub.plan_id;
    const billingCycle = remote.billingCycle ?? sub.billing_cycle;
    const start = remote.periodStart.toISOString();
    const end = remote.periodEnd.toISOString();
    const written = await this.db.kysely
      .updateTable('subscriptions')
      .set({
        status: ended ? 'canceled' : remote.status === 'past_due' ? 'past_due' : 'active',
        plan_id: planId,
        billing_cycle: billingCycle,
        current_period_start: start,
        current_period_end: end,
        cancel_at_period_end: remote.cancelAtPeriodEnd ? 1 : 0,
        updated_at: now,
      })
      .where('id', '=', sub.id)
      .where('current_period_start', '=', sub.current_period_start)
      .where('cancel_at_period_end', '=', sub.cancel_at_period_end)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) return false;
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
    if (ended) return true;
    if (remote.status === 'active' && start > sub.current_period_start) {
      await this.notices.paid({
        userId: sub.user_id,
        planId,
        billingCycle,
        periodStart: start,
        periodEnd: end,
        cardLast4: null,
      });
    }
    if (remote.cancelAtPeriodEnd && !sub.cancel_at_period_end) {
      await this.notices.cancelled({ userId: sub.user_id, planId, cancelsAt: end });
    }
    return true;
  }

  /** Active subscriptions whose period has ended by `now`. */
  private due(now: Date) {
    return dueSubscriptions(this.db.kysely, now.toISOString()).selectAll();
  }

  /**
   * Settles a user's due subscriptions: renews those still wanted (the local processor
   * charges the card) and ends the cancelled or unpaid ones, falling back to free. True
   * when the user's plan or dates changed. A row another settler (the sweep, another
   * request, another API process) holds is waited for, up to `waitMs`, so the answer
   * reads the plan as settled.
   */
  async settle(userId: string): Promise<boolean> {
    const due = () => this.due(this.clock.now()).where('user_id', '=', userId).execute();
    let rows = await due();
    // Almost always nothing is due: that answer takes one read, no claim and no wait.
    if (rows.length === 0) return false;
    const giveUpAt = performance.now() + this.waitMs;
    let changed = false;
    for (;;) {
      const { settled, held } = await this.settleRows(rows);
      if (settled > 0) changed = true;
      if (held === 0) return changed;
      // Another settler had the row, or has just settled it: the user is read again.
      changed = true;
      // A claim outlasting the wait is a crashed settler's: its lease expires, and the
      // sweep takes the row over.
      if (performance.now() >= giveUpAt) return changed;
      await sleep(CLAIM_POLL_MS);
      rows = await due();
    }
  }

  /** Settles every user's due subscriptions in one pass; how many this settler changed. */
  async settleAll(): Promise<number> {
    return (await this.settleRows(await this.due(this.clock.now()).execute())).settled;
  }

  private async settleRows(rows: Subscription[]): Promise<{ settled: number; held: number }> {
    let settled = 0;
    let held = 0;
    for (const row of rows) {
      const outcome = await this.settleOne(row);
      if (outcome === 'settled') settled++;
      if (outcome === 'held') held++;
    }
    return { settled, held };
  }

  /**
   * Ours to settle: what ends, what the local processor charges, and PayPal's, whose
   * renewals are read back from PayPal. Stripe renews on its own and reports it by webhook.
   */
  private ours(sub: Subscription): boolean {
    if (sub.cancel_at_period_end) return true;
    return sub.provider === 'paypal' ? this.paypal !== null : this.provider.kind === 'local';
  }

  /**
   * Settles one due row under a claim on it, so that of any number of settlers, in this
   * process or others sharing the database, exactly one charges its period. 'held' when
   * the claim failed: another settler has the row, or has settled it since it was read.
   */
  private async settleOne(row: Subscription): Promise<'settled' | 'held' | 'skipped'> {
    if (!this.ours(row)) return 'skipped';
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.claimMs).toISOString();
    const sub = await this.claim(row.id, now, until);
    if (!sub) return 'held';
    let settled = false;
    try {
      settled = this.ours(sub) && (await this.settleClaimed(sub, now, until));
    } finally {
      // A row left as it was (or a settlement that failed) is given back at once.
      if (!settled) await this.release(sub.id, until);
    }
    return settled ? 'settled' : 'skipped';
  }

  /**
   * Claims a due row until `until` by compare-and-set: only where it is still active and
   * due and no other settler's claim is running. The row as claimed, or undefined.
   */
  private claim(id: string, now: Date, until: string): Promise<Subscription | undefined> {
    const at = now.toISOString();
    return this.db.kysely
      .updateTable('subscriptions')
      .set({ settling_until: until })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('current_period_end', '<=', at)
      .where((eb) => eb.or([eb('settling_until', 'is', null), eb('settling_until', '<', at)]))
      .returningAll()
      .executeTakeFirst();
  }

  private async release(id: string, until: string): Promise<void> {
    await this.db.kysely
      .updateTable('subscriptions')
      .set({ settling_until: null })
      .where('id', '=', id)
      .where('settling_until', '=', until)
      .execute();
  }

  /** Renews a claimed row that was paid for again, or ends it. */
  private async settleClaimed(sub: Subscription, now: Date, until: string): Promise<boolean> {
    const renewal = sub.cancel_at_period_end ? 'ended' : await this.renewal(sub, now);
    // PayPal did not answer: the row is settled on a later pass, its plan kept till then.
    if (renewal === 'unknown') return false;
    if (renewal === 'ended') {
      return this.record(
        sub,
        until,
        { status: 'canceled', updated_at: now.toISOString() },
        { planId: FREE_PLAN_ID, billingCycle: 1, renewsAt: null },
      );
    }
    const { start, end, cardLast4 } = renewal;
    const recorded = await this.record(
      sub,
      until,
      {
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        updated_at: now.toISOString(),
      },
      { planId: sub.plan_id, billingCycle: sub.billing_cycle, renewsAt: end.toISOString() },
    );
    // Only the settler that recorded the renewal sends its receipt.
    if (recorded) {
      await this.notices.paid({
        userId: sub.user_id,
        planId: sub.plan_id,
        billingCycle: sub.billing_cycle,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        cardLast4,
      });
    }
    return recorded;
  }

  /** The next period of a due row, paid; 'ended' when it was not paid for. */
  private async renewal(
    sub: Subscription,
    now: Date,
  ): Promise<{ start: Date; end: Date; cardLast4: string | null } | 'ended' | 'unknown'> {
    if (sub.provider === 'paypal') return this.paypalRenewal(sub, now);
    const charged = sub.payment_method_id ? await this.renewLocal(sub) : null;
    if (!charged) return 'ended';
    let start = new Date(sub.current_period_end);
    let end = addBillingPeriod(start, sub.billing_cycle);
    // A server that was off for several periods charges once and catches up to now.
    while (end <= now) {
      start = end;
      end = addBillingPeriod(start, sub.billing_cycle);
    }
    return { start, end, cardLast4: charged.cardLast4 };
  }

  /** PayPal renews by itself: a subscription still paid there has a next billing time. */
  private async paypalRenewal(
    sub: Subscription,
    now: Date,
  ): Promise<{ start: Date; end: Date; cardLast4: null } | 'ended' | 'unknown'> {
    if (!this.paypal) return 'unknown';
    let remote: PayPalSubscription | null;
    try {
      remote = await this.paypal.subscription(sub.provider_subscription_id);
    } catch {
      return 'unknown';
    }
    const next = remote?.nextBillingTime;
    if (!remote || !PAYPAL_PAID_STATUSES.includes(remote.status) || !next || next <= now)
      return 'ended';
    return { start: new Date(sub.current_period_end), end: next, cardLast4: null };
  }

  /**
   * Writes a settlement and releases the claim, only while the claim is still this
   * settler's: one that expired mid-charge was taken over, and the taker records it.
   */
  private async record(
    sub: Subscription,
    until: string,
    set: Updateable<SubscriptionsTable>,
    outcome: Omit<BillingOutcome, 'cancelsAt'>,
  ): Promise<boolean> {
    const written = await this.db.kysely
      .updateTable('subscriptions')
      .set({ ...set, settling_until: null })
      .where('id', '=', sub.id)
      .where('settling_until', '=', until)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) return false;
    await this.applyToUser(sub.user_id, { ...outcome, cancelsAt: null });
    return true;
  }

  /** Charges the next period of a claimed row; null when the card is declined. */
  private async renewLocal(sub: Subscription): Promise<ChargeResult | null> {
    const plan = planById(sub.plan_id);
    try {
      return await this.provider.renew(sub.provider_subscription_id, {
        userId: sub.user_id,
        email: '',
        name: '',
        zipcode: '',
        planId: sub.plan_id,
        billingCycle: sub.billing_cycle,
        paymentMethodId: sub.payment_method_id ?? '',
        amount: planPrice(plan, sub.billing_cycle),
      });
    } catch (error) {
      if (error instanceof PaymentDeclined) return null;
      throw error;
    }
  }
}
