import { sql } from 'kysely';
import { PLANS } from '@core/plans';
import { representativeSample } from '@core/speed-summary';
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
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .innerJoin('users as u', 'u.id', 'w.owner_id')
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

/** Checks whose details one statement drops at most (bounded parameter lists). */
const DETAIL_BATCH = 500;

/**
 * Drops the details of checks past the latest `keep` of their page and device: the
 * filmstrip and insights, and the fingerprints of all samples but the representative one
 * (the sample the check's filmstrip came from, chosen again from the stored FCP and TTI as
 * the check runner chose it), so an old check can still say how it was measured. Metrics
 * stay for the plan's days. Returns how many checks lost their details.
 */
export async function pruneTrackingDetails(db: Db, keep: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    // Only detailed checks are ranked (a partial index): the latest of each page and device.
    const ranked = db.kysely
      .selectFrom('tracking_checks')
      .select([
        'id',
        sql<number>`row_number() over (partition by page_id, device order by started_at desc, id desc)`.as(
          'n',
        ),
      ])
      .where('detailed', '=', 1);
    const rows = await db.kysely
      .selectFrom(ranked.as('r'))
      .select('id')
      .where('n', '>', keep)
      .limit(DETAIL_BATCH)
      .execute();
    if (rows.length === 0) return pruned;
    const ids = rows.map((row) => row.id);
    const samples = await db.kysely
      .selectFrom('tracking_samples')
      .select(['check_id', 'sample', 'fcp', 'tti', 'error'])
      .where('check_id', 'in', ids)
      .orderBy('check_id')
      .orderBy('sample')
      .execute();
    const byCheck = new Map<string, typeof samples>();
    for (const row of samples)
      byCheck.set(row.check_id, [...(byCheck.get(row.check_id) ?? []), row]);
    // The checks by the sample that keeps its fingerprint (0: none).
    const keptSample = new Map<number, string[]>();
    for (const id of ids) {
      const kept = representativeOf(byCheck.get(id) ?? []);
      keptSample.set(kept, [...(keptSample.get(kept) ?? []), id]);
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (const [sample, checkIds] of keptSample) {
        await trx
          .updateTable('tracking_samples')
          .set({ fingerprint: null })
          .where('check_id', 'in', checkIds)
          .where('sample', '!=', sample)
          .where('fingerprint', 'is not', null)
          .execute();
      }
      await trx
        .updateTable('tracking_checks')
        .set({ filmstrip: null, insights: null, audits: null, detailed: 0 })
        .where('id', 'in', ids)
        .execute();
    });
    pruned += ids.length;
  }
}

/**
 * The representative sample's number, as the check runner picks it (representativeSample
 * over the samples in order, failed ones null; the first good sample when none has FCP
 * and TTI); 0 when no sample finished.
 */
function representativeOf(
  samples: readonly {
    sample: number;
    fcp: number | null;
    tti: number | null;
    error: string | null;
  }[],
): number {
  const metric = (value: number | null) =>
    value === null ? undefined : { score: 0, numericValue: value };
  const index = representativeSample(
    samples.map((s) =>
      s.error === null
        ? { psi: { score: 0, numericValue: 0 }, fcp: metric(s.fcp), tti: metric(s.tti) }
        : null,
    ),
  );
  if (index !== null) return samples[index]!.sample;
  return samples.find((s) => s.error === null)?.sample ?? 0;
}
