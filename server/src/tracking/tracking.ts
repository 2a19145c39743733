import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { EmailSender } from '../providers/email';
import type { Quotas } from '../quota/quotas';
import type { SpeedJobs } from '../speed/speed-jobs';
import { TrackingAlerts } from './alerts';
import { CheckRunner } from './check-runner';
import { TrackingChecks } from './checks';
import { PageLeases } from './leases';
import { TrackedPages } from './pages';
import { TrackingScheduler } from './scheduler';

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'TRACKING_CONCURRENCY' | 'TRACKING_TICK_SECONDS'>;
  quotas: Quotas;
  /** Read when used: tests swap the speed engine and the email sender. */
  speed: () => SpeedJobs;
  email: () => EmailSender;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * A lease outlives several heartbeats (a third of it) and ticks, so only a stopped
 * process loses one.
 */
const leaseMs = (tickSeconds: number) => Math.max(5 * 60_000, 5 * tickSeconds * 1000);

/** Site speed tracking (issue 15): tracked pages, their checks, alerts and scheduler. */
export class Tracking {
  readonly pages: TrackedPages;
  readonly checks: TrackingChecks;
  readonly alerts: TrackingAlerts;
  readonly scheduler: TrackingScheduler;

  constructor(deps: TrackingDeps) {
    this.pages = new TrackedPages(deps.db, deps.clock);
    this.checks = new TrackingChecks(deps.db);
    this.alerts = new TrackingAlerts(deps.db, deps.clock, deps.config, deps.email);
    const leases = new PageLeases(deps.db, deps.clock, leaseMs(deps.config.TRACKING_TICK_SECONDS));
    const runner = new CheckRunner(this.checks, this.alerts, deps.clock, deps.speed);
    this.scheduler = new TrackingScheduler(
      deps.db,
      deps.clock,
      deps.quotas,
      this.checks,
      leases,
      runner,
      deps.config.TRACKING_CONCURRENCY,
      deps.log,
    );
  }
}
