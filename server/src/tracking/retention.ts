import { PLANS } from '@core/plans';
import type { Db } from '../db/connect';

/** A webhook's delivery log goes back this far, whatever the plan. */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * Deletes tracked pages' checks (their samples cascade) and alerts older than the owner's
 * plan keeps them (Plan.trackingRetentionDays), and webhook deliveries older than
 * DELIVERY_RETENTION_DAYS; returns how many of each went.
 */
export async function pruneTracking(
  db: Db,
  now: Date,
): Promise<{
  tracking_checks: number;
  tracking_alerts: number;
  tracking_webhook_deliveries: number;
}> {
  let checks = 0;
  let alerts = 0;
  for (const plan of PLANS) {
    const cutoff = new Date(now.getTime() - plan.trackingRetentionDays * 86_400_000).toISOString();
    const pagesOnPlan = db.kysely
      .selectFrom('tracked_pages as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where('u.plan_id', '=', plan.planId);
    const goneChecks = await db.kysely
      .deleteFrom('tracking_checks')
      .where('started_at', '<', cutoff)
      .where('page_id', 'in', pagesOnPlan)
      .executeTakeFirst();
    const goneAlerts = await db.kysely
      .deleteFrom('tracking_alerts')
      .where('created_at', '<', cutoff)
      .where('page_id', 'in', pagesOnPlan)
      .executeTakeFirst();
    checks += Number(goneChecks.numDeletedRows);
    alerts += Number(goneAlerts.numDeletedRows);
  }
  // The longest retry schedule ends within two hours: a month-old delivery is settled.
  const deliveries = await db.kysely
    .deleteFrom('tracking_webhook_deliveries')
    .where(
      'created_at',
      '<',
      new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString(),
    )
    .executeTakeFirst();
  return {
    tracking_checks: checks,
    tracking_alerts: alerts,
    tracking_webhook_deliveries: Number(deliveries.numDeletedRows),
  };
}
