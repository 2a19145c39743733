import type { PaymentBody } from '@core/schemas/payments';
import type { Clock } from '../shared/clock';
import type { User } from '../db/schema';
import type { Db } from '../db/connect';
import type { PlanCycleId } from '../providers/payments/plan-ids';
import type { PaymentsProvider } from '../providers/payments/port';
import type { PayPalSubscription } from '../providers/payments/paypal';
import type { BillingNotices } from './billing-emails';
import type { BillingOutcome } from './outcomes';
import { ProviderSync, type RemoteSubscription } from './provider-sync';
import { Settlement, type PayPalReader, type SettlementOptions } from './settlement';
import { Subscriptions } from './subscriptions';
import { UserPlans } from './user-plans';

export { BillingError, type BillingOutcome } from './outcomes';
export type { RemoteSubscription } from './provider-sync';
export type { PayPalReader, SettlementOptions } from './settlement';

/**
 * Subscriptions and the plan they give a user; the provider only moves money. One door to
 * the parts: what a user changes (`subscriptions.ts`), what the processor reports
 * (`provider-sync.ts`) and the settlement of due periods (`settlement.ts`), all ending on
 * the user's plan and in their mail (`user-plans.ts`).
 */
export class Billing {
  private readonly subscriptions: Subscriptions;
  private readonly sync: ProviderSync;
  private readonly settlement: Settlement;

  constructor(
    db: Db,
    readonly provider: PaymentsProvider,
    clock: Clock,
    /** Receipts and cancellation notices. */
    notices: BillingNotices,
    /** Null unless PayPal is configured. */
    paypal: PayPalReader | null,
    options: SettlementOptions = {},
  ) {
    const plans = new UserPlans(db, clock, notices);
    this.subscriptions = new Subscriptions(db, provider, clock, plans);
    this.sync = new ProviderSync(db, clock, plans, notices);
    this.settlement = new Settlement(db, provider, clock, plans, notices, paypal, options);
  }

  /** POST /payments: a new subscription, charged now. */
  subscribe(user: User, body: PaymentBody): Promise<BillingOutcome> {
    return this.subscriptions.subscribe(user, body);
  }

  /** POST /payments/paypal: a subscription the buyer approved in PayPal's buttons. */
  subscribePaypal(
    user: User,
    remote: PayPalSubscription,
    plan: PlanCycleId,
  ): Promise<BillingOutcome> {
    return this.subscriptions.subscribePaypal(user, remote, plan);
  }

  /** PUT /payments: change plan, change card, or (free plan) cancel at period end. */
  update(user: User, body: PaymentBody): Promise<BillingOutcome> {
    return this.subscriptions.update(user, body);
  }

  paypalSubscriptionOf(userId: string): Promise<{ id: string; providerId: string } | null> {
    return this.subscriptions.paypalSubscriptionOf(userId);
  }

  cancelPaypal(userId: string, subscriptionRowId: string): Promise<BillingOutcome> {
    return this.subscriptions.cancelPaypal(userId, subscriptionRowId);
  }

  /** A webhook's fresh read of a subscription, applied (`ProviderSync.syncSubscription`). */
  syncSubscription(remote: RemoteSubscription): Promise<boolean> {
    return this.sync.syncSubscription(remote);
  }

  /** Settles a user's due subscriptions; true when their plan or dates changed. */
  settle(userId: string): Promise<boolean> {
    return this.settlement.settle(userId);
  }

  /** Settles every user's due subscriptions; how many this settler changed. */
  settleAll(): Promise<number> {
    return this.settlement.settleAll();
  }
}
