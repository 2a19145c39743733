import { FREE_PLAN_ID } from '@core/plans';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { BillingNotices } from './billing-emails';
import type { Subscription } from './outcomes';
import type { UserPlans } from './user-plans';

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

/** Keeps our subscription rows in line with the payment processor's record of them. */
export class ProviderSync {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: UserPlans,
    private readonly notices: BillingNotices,
  ) {}

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
    await this.plans.apply(
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
}
