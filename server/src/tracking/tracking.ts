import type { FastifyBaseLogger } from 'fastify';
import { loadSecretBox, type SecretsConfig } from '../shared/secret-box';
import type { Clock } from '../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Jobs } from '../jobs';
import type { EmailSender } from '../providers/email';
import type { Quotas } from '../quota/quotas';
import type { SpeedSamples } from '../speed/speed-samples';
import { TrackingAlerts } from './alerts';
import { TrackingCheckJobs } from './check-jobs';
import { CheckRunner } from './check-runner';
import { CheckStates } from './check-states';
import { TrackingChecks } from './checks';
import { PageLeases } from '../shared/leases';
import { TrackedPages } from './pages';
import { TrackingScheduler } from './scheduler';
import { WebhookDeliveries } from '../shared/webhooks/webhook-deliveries';
import { TrackingWebhooks, webhookGuard } from '../shared/webhooks/webhooks';

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'TRACKING_CONCURRENCY'
    | 'TRACKING_TICK_SECONDS'
    | 'TRACKING_SPEEDUP'
    | SecretsConfig
  >;
  quotas: Quotas;
  /** The checks' queues: served here (serve) or by the workers of the scale-out mode. */
  jobs: Jobs;
  speed: SpeedSamples;
  email: EmailSender;
  pageFetch: SafeFetchOptions;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * A lease outlives several heartbeats (a third of it) and ticks, so only a stopped
 * process loses one (or a check that waited that long in the queue: the page is queued
 * again, and of the two jobs the one holding the lease when it starts runs).
 */
const leaseMs = (tickSeconds: number) => Math.max(5 * 60_000, 5 * tickSeconds * 1000);

/** Site speed tracking: tracked pages, their checks, alerts, webhooks and scheduler. */
export class Tracking {
  readonly pages: TrackedPages;
  readonly checks: TrackingChecks;
  readonly alerts: TrackingAlerts;
  readonly webhooks: TrackingWebhooks;
  readonly deliveries: WebhookDeliveries;
  readonly scheduler: TrackingScheduler;
  readonly checkJobs: TrackingCheckJobs;

  private readonly jobs: Jobs;

  constructor(deps: TrackingDeps) {
    this.jobs = deps.jobs;
    this.pages = new TrackedPages(deps.db, deps.clock, deps.config.TRACKING_SPEEDUP);
    this.checks = new TrackingChecks(deps.db);
    this.webhooks = new TrackingWebhooks(
      deps.db,
      deps.clock,
      webhookGuard(deps.pageFetch),
      loadSecretBox(deps.config),
    );
    this.deliveries = new WebhookDeliveries(deps.db, deps.clock, this.webhooks);
    this.alerts = new TrackingAlerts(deps.db, deps.clock, deps.config, deps.email, this.deliveries);
    const leases = new PageLeases(deps.db, deps.clock, leaseMs(deps.config.TRACKING_TICK_SECONDS));
    const runner = new CheckRunner(
      this.checks,
      this.alerts,
      new CheckStates(deps.db),
      deps.clock,
      deps.speed,
    );
    this.scheduler = new TrackingScheduler(
      deps.clock,
      deps.jobs,
      this.checks,
      leases,
      deps.config.TRACKING_CONCURRENCY,
    );
    this.checkJobs = new TrackingCheckJobs(
      deps.db,
      deps.clock,
      deps.quotas,
      this.checks,
      leases,
      runner,
      deps.log,
      deps.config.TRACKING_SPEEDUP,
    );
  }

  /**
   * Runs the checks' jobs in this process (the default app, or a worker), so many of each
   * queue at once.
   */
  serve(concurrency: { scheduled: number; now: number }): void {
    this.checkJobs.serve(this.jobs, concurrency);
  }

  /**
   * Ends the checks running here (removed, due again) and stops following queued ones. An
   * in-process queue ends with the process, so the checks still waiting in it are given
   * up too; on Redis they run on another worker.
   */
  async stop(): Promise<void> {
    await this.checkJobs.stop();
    if (this.jobs.kind === 'in-process') {
      await this.scheduler.cancelQueued((jobId, job) => this.checkJobs.abandon(jobId, job));
    }
    this.scheduler.stop();
  }
}
