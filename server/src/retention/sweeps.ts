import { sql } from 'kysely';
import { RANK_HISTORY_DAYS_MAX } from '@core/schemas/rank-tracking';
import type { Clock } from '../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { EmailSender } from '../providers/email';
import type { RumCounts } from '../rum/rum-counts';
import { pruneSpeedTests } from '../speed/speed-test-history';
import { pruneTracking, pruneTrackingDetails } from '../tracking/retention';
import { auditCutoff } from '../workspaces/audit-log';
import type { CacheTable } from '../shared/ttl-cache';

/**
 * Stripe retries a webhook delivery for three days and keeps events for 30; an event id
 * older than this cannot arrive again, so it no longer guards against a replay.
 */
const PAYMENT_EVENT_DAYS = 45;

export type RetentionSettings = Pick<
  Config,
  | 'EXPIRED_RECORD_RETENTION_DAYS'
  | 'USAGE_RETENTION_DAYS'
  | 'DEMO_REQUEST_RETENTION_DAYS'
  | 'OUTBOX_RETENTION_DAYS'
  | 'TRACKING_DETAIL_CHECKS'
>;

export interface SweepTargets {
  db: Db;
  clock: Clock;
  /** The result caches, each pruned by its own lifetime and cap. */
  caches: { table: CacheTable; prune(): Promise<number> }[];
  email: EmailSender;
  settings: RetentionSettings;
  /** Real-user counts, kept for their own months. */
  rumCounts: Pick<RumCounts, 'prune'>;
}

/** What one sweep deleted, per table (and `outbox` files). */
export type SweepReport = Record<string, number>;

/**
 * Deletes what every request may add once it has stopped mattering: expired cache entries,
 * spent sessions and emailed tokens, finished throttle windows and usage periods, old demo
 * requests, webhook event ids, outbox files, tracked pages' history past the plan's days
 * (and the filmstrips and fingerprints of all but their latest checks), month-old
 * webhook deliveries, spent speed tests and the frames of kept ones' other runs, and
 * real-user counts past their months, audit entries past AUDIT_MONTHS, expired API
 * tokens and spent invitations. Email
 * subscribers stay: they are a list the operator keeps on purpose.
 */
export async function sweepStorage(targets: SweepTargets): Promise<SweepReport> {
  const { db, clock, settings } = targets;
  const daysAgo = (days: number) =>
    new Date(clock.now().getTime() - days * 86_400_000).toISOString();
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  /** Deletes the rows of `table` whose time `column` is before `cutoff`. */
  const olderThan = async (table: keyof Database, column: string, cutoff: string) =>
    deleted(
      await db.kysely.deleteFrom(table).where(sql.ref(column), '<', cutoff).executeTakeFirst(),
    );
  const expired = daysAgo(settings.EXPIRED_RECORD_RETENTION_DAYS);
  const report: SweepReport = {};
  for (const cache of targets.caches) report[cache.table] = await cache.prune();
  report.sessions = deleted(
    await db.kysely
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', expired), eb('revoked_at', '<', expired)]))
      .executeTakeFirst(),
  );
  report.one_time_tokens = await olderThan('one_time_tokens', 'expires_at', expired);
  // Throttle windows last an hour at most; a row this old counts nothing.
  report.rate_counters = await olderThan('rate_counters', 'window_start', expired);
  // Periods are `2026-11`, `2026-11-22T12` or `2026-11-22T12:05`: one that sorts before the
  // cutoff cut to its own length ended before the cutoff, so the current one always stays.
  const usage = daysAgo(settings.USAGE_RETENTION_DAYS);
  report.usage_counters = deleted(
    await db.kysely
      .deleteFrom('usage_counters')
      .where('period', '<', sql<string>`substr(${usage}, 1, length(period))`)
      .executeTakeFirst(),
  );
  report.demo_requests = await olderThan(
    'demo_requests',
    'created_at',
    daysAgo(settings.DEMO_REQUEST_RETENTION_DAYS),
  );
  report.payment_events = await olderThan(
    'payment_events',
    'received_at',
    daysAgo(PAYMENT_EVENT_DAYS),
  );
  report.outbox =
    (await targets.email.prune?.(new Date(daysAgo(settings.OUTBOX_RETENTION_DAYS)))) ?? 0;
  // Tracked pages' history, kept as long as the owner's plan says; webhook deliveries.
  Object.assign(report, await pruneTracking(db, clock.now()));
  // Details (filmstrips, fingerprints) of checks past the latest of each page and device.
  report.tracking_details = await pruneTrackingDetails(db, settings.TRACKING_DETAIL_CHECKS);
  Object.assign(report, await pruneSpeedTests(db, clock.now()));
  report.rum_counts = await targets.rumCounts.prune();
  // Tracked keywords' checks, as far back as their history is read.
  report.rank_checks = await olderThan('rank_checks', 'checked_at', daysAgo(RANK_HISTORY_DAYS_MAX));
  report.workspace_audit = await olderThan('workspace_audit', 'at', auditCutoff(clock.now()));
  report.api_tokens = await olderThan('api_tokens', 'expires_at', expired);
  // Invitations once their link cannot work: used, or expired.
  report.workspace_invites = deleted(
    await db.kysely
      .deleteFrom('workspace_invites')
      .where((eb) => eb.or([eb('expires_at', '<', expired), eb('accepted_at', '<', expired)]))
      .executeTakeFirst(),
  );
  return report;
}
