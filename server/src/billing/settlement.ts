import { setTimeout as sleep } from 'node:timers/promises';
import type { Updateable } from 'kysely';
import { FREE_PLAN_ID, planById, planPrice } from '@core/plans';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { SubscriptionsTable } from '../db/schema';
import {
  PaymentDeclined,
  type ChargeResult,
  type PaymentsProvider,
} from '../providers/payments/port';
import {
  PAYPAL_PAID_STATUSES,
  type PayPalSubscription,
  type PayPalSubscriptions,
} from '../providers/payments/paypal';
import type { BillingNotices } from './billing-emails';
import { dueSubscriptions } from './due-subscriptions';
import type { BillingOutcome, Subscription } from './outcomes';
import { addBillingPeriod } from '../shared/billing-periods';
import type { UserPlans } from './user-plans';

/** What billing asks PayPal: a subscription's state when its paid period ends. */
export type PayPalReader = Pick<PayPalSubscriptions, 'subscription'>;

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

/**
 * Settlement of due subscriptions: renewals (the local processor charges the card, PayPal's
 * are read back from PayPal) and ends, each row under a claim so that of any number of
 * settlers exactly one charges a period.
 */
export class Settlement {
  private readonly claimMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly db: Db,
    private readonly provider: PaymentsProvider,
    private readonly clock: Clock,
    private readonly plans: UserPlans,
    /** Renewal receipts. */
    private readonly notices: BillingNotices,
    /** Null unless PayPal is configured. */
    private readonly paypal: PayPalReader | null,
    options: SettlementOptions = {},
  ) {
    this.claimMs = options.claimMs ?? CLAIM_MS;
    this.waitMs = options.waitMs ?? CLAIM_WAIT_MS;
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
    await this.plans.apply(sub.user_id, { ...outcome, cancelsAt: null });
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
