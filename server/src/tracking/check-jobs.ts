import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { TRACKING_MESSAGES } from '@core/messages';
import { entitlementsOf } from '@core/entitlements';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { EnqueueOptions, JobContext, JobHandler, Jobs, JobWorker } from '../jobs';
import { serveQueue, type Queue } from '../jobs/queue';
import { monthKey, type CounterKey, type Quotas } from '../quota/quotas';
import type { CheckRunner, OpenCheck } from './check-runner';
import type { TrackingChecks } from './checks';
import type { PageLeases } from '../shared/leases';
import { pageDevices, type PageRow } from './pages';
import { dueAfterManualRun, nextDue } from '../shared/schedule';

/** The usage counter of scheduled checks, apart from the manual speed-test quota. */
export const SCHEDULED_CHECKS_TOOL = 'tracking-checks';

/**
 * A check's job. A scheduled one opens its checks when it runs (on the allowance of
 * that moment); a 'run now' one runs the checks the request opened under its id, and gives
 * the request's charge back when a shutdown ends them.
 */
const checkJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scheduled'), pageId: z.string() }),
  z.object({
    kind: z.literal('manual'),
    pageId: z.string(),
    charge: z.object({ subject: z.string(), tool: z.string(), period: z.string() }),
  }),
]);
export type CheckJob = z.infer<typeof checkJobSchema>;

/** Scheduled checks: TRACKING_CONCURRENCY at a time per process that serves them. */
export const scheduledChecksQueue: Queue<CheckJob, null> = {
  name: 'tracking-checks',
  data: checkJobSchema,
  result: z.null(),
  concurrency: (config) => config.TRACKING_CONCURRENCY,
  priority: 'scheduled',
};
/**
 * 'Run now' checks have a queue of their own so that they never wait behind scheduled
 * ones: a check only orchestrates, its samples queue on the speed engine by priority.
 */
export const checksNowQueue: Queue<CheckJob, null> = {
  name: 'tracking-checks-now',
  data: checkJobSchema,
  result: z.null(),
  concurrency: () => 4,
  priority: 'interactive',
};

/**
 * Not retried: a check's samples retry themselves, and a worker that vanished mid-check
 * hands the job on without spending an attempt. The time limit only guards against a hang.
 */
export const CHECK_JOB_OPTIONS: Omit<EnqueueOptions, 'priority' | 'jobId'> = {
  attempts: 1,
  backoff: { delayMs: 0 },
  timeoutMs: 6 * 3600_000,
};

export type DuePage = PageRow & { email: string; plan_id: number };

/**
 * The page with its workspace owner's email and plan (whose alerts and limits it has);
 * undefined once the page is gone.
 */
export function pageWithOwner(db: Db, pageId: string): Promise<DuePage | undefined> {
  return db.kysely
    .selectFrom('tracked_pages as p')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .innerJoin('users as u', 'u.id', 'w.owner_id')
    .selectAll('p')
    .select(['u.email', 'u.plan_id'])
    .where('p.id', '=', pageId)
    .executeTakeFirst();
}

/**
 * Runs tracked pages' checks as jobs, in whichever process serves the check queues (the
 * app by default, `npm run worker` processes in scale-out mode). The job owns the page's
 * lease (taken when it was queued) and renews it while it runs; a check stopped by a
 * shutdown is removed, its charge given back and the page due again.
 */
export class TrackingCheckJobs {
  private readonly workers: JobWorker[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly quotas: Quotas,
    private readonly checks: TrackingChecks,
    private readonly leases: PageLeases,
    private readonly runner: CheckRunner,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    /** TRACKING_SPEEDUP: how many times faster than their names the schedules run. */
    private readonly speedup = 1,
  ) {}

  /**
   * Serves both check queues here, so many of each at once; `scheduled` 0 leaves
   * scheduled checks to others.
   */
  serve(jobs: Jobs, { scheduled, now }: { scheduled: number; now: number }): void {
    const handler: JobHandler<CheckJob, null> = (job, tools) => {
      const done = this.handle(job, tools.signal);
      this.running.add(done);
      return done.finally(() => this.running.delete(done));
    };
    if (scheduled > 0)
      this.workers.push(serveQueue(jobs, scheduledChecksQueue, scheduled, handler));
    this.workers.push(serveQueue(jobs, checksNowQueue, now, handler));
  }

  /**
   * Stops taking checks and ends the running ones (removed, due again; on a shared queue
   * the job goes to another worker), waiting until they have tidied up.
   */
  async stop(): Promise<void> {
    const closing = this.workers.splice(0).map((worker) => worker.close({ force: true }));
    await Promise.all(closing);
    await Promise.allSettled([...this.running]);
  }

  private async handle(job: JobContext<CheckJob>, signal: AbortSignal): Promise<null> {
    const { data } = job;
    const owner = job.id;
    if (!(await this.leases.claim(data.pageId, owner, data.kind === 'scheduled'))) return null;
    const heartbeat = setInterval(
      () => void this.leases.renew(data.pageId, owner).catch(() => undefined),
      this.leases.ttlMs / 3,
    );
    heartbeat.unref();
    try {
      const page = await pageWithOwner(this.db, data.pageId);
      if (!page) return null;
      if (data.kind === 'scheduled') await this.runScheduled(page, owner, signal);
      else await this.runManual(page, owner, data.charge, signal);
    } catch (error) {
      this.log.error({ err: error, pageId: data.pageId }, 'tracked page check failed');
      await this.leases.release(data.pageId, owner).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
    return null;
  }

  private async runManual(
    page: DuePage,
    owner: string,
    charge: CounterKey,
    signal: AbortSignal,
  ): Promise<void> {
    // Run again after a stop, it finds its checks removed (nothing left to run); after its
    // worker vanished, still running with what that worker measured (measured again).
    const left = (await this.checks.resume(owner)).filter((check) => check.running);
    if (left.length === 0) return this.leases.release(page.id, owner);
    if (!(await this.runner.run(page, left, 'interactive', signal))) {
      // Interrupted by a shutdown: the checks are gone, so is the speed test's charge; the
      // schedule stays as it was.
      await this.refundRunNow(charge);
      return this.leases.release(page.id, owner);
    }
    // The page was just checked: the schedule's next check comes a period after this one.
    const schedule = entitlementsOf(page.plan_id).effectiveSchedule(page.schedule);
    const startedAt = new Date(left[0]!.startedAt);
    await this.leases.release(
      page.id,
      owner,
      dueAfterManualRun(startedAt, schedule, this.speedup).toISOString(),
    );
  }

  /**
   * A check job that will never run, its queue ended with the process: a 'run now' has
   * its checks removed and its speed test given back (one interrupted while running did
   * that itself); a scheduled one opened and charged nothing yet. The page is free again.
   */
  async abandon(jobId: string, job: CheckJob): Promise<void> {
    if (job.kind === 'manual') {
      const left = (await this.checks.resume(jobId)).filter((check) => check.running);
      if (left.length > 0) {
        await this.checks.discard(left.map((check) => check.id));
        await this.refundRunNow(job.charge);
      }
    }
    await this.leases.release(job.pageId, jobId);
  }

  private refundRunNow(charge: CounterKey): Promise<void> {
    return this.quotas.refund(charge.subject, charge.tool, 1, charge.period);
  }

  private async runScheduled(page: DuePage, owner: string, signal: AbortSignal): Promise<void> {
    const plan = entitlementsOf(page.plan_id);
    const startedAt = this.clock.now();
    const at = startedAt.toISOString();
    // The allowance of the month the check began, also for a refund after midnight.
    const period = monthKey(startedAt);
    // Run again after its worker vanished, the job measures the checks it opened (and
    // charged) then once more, rather than opening and charging new ones.
    const earlier = new Map(
      (await this.checks.resume(owner)).map((check) => [check.device, check]),
    );
    // A process that stopped mid-check left its rows running; say what became of them.
    await this.checks.failInterrupted(page.id, at, TRACKING_MESSAGES.interrupted, owner);
    const over = await this.overPlanLimit(page, plan.trackedPageLimit);
    const open: OpenCheck[] = [];
    for (const device of pageDevices(page)) {
      const before = earlier.get(device);
      if (before) {
        if (before.running) open.push(before);
        continue;
      }
      let skipped: string | null = over
        ? TRACKING_MESSAGES.overPageLimit(plan.trackedPageLimit)
        : null;
      if (
        !skipped &&
        !(await this.quotas.consume(
          page.workspace_id,
          SCHEDULED_CHECKS_TOOL,
          plan.scheduledCheckLimit,
          1,
          period,
        ))
      )
        skipped = TRACKING_MESSAGES.allowanceUsed;
      const id = await this.checks.open(page.id, device, 'schedule', at, owner, skipped);
      if (!skipped) open.push({ id, device, startedAt: at });
    }
    const finished = open.length === 0 || (await this.runner.run(page, open, 'background', signal));
    if (!finished) {
      // Interrupted by a shutdown: the checks are gone, so is their charge (one each); the
      // page is due again after.
      await this.quotas.refund(page.workspace_id, SCHEDULED_CHECKS_TOOL, open.length, period);
      await this.leases.release(page.id, owner);
      return;
    }
    const schedule = plan.effectiveSchedule(page.schedule);
    await this.leases.release(
      page.id,
      owner,
      nextDue(startedAt, page.id, schedule, this.speedup).toISOString(),
    );
  }

  /** True when the workspace has more pages than its plan tracks and this is past the first ones. */
  private async overPlanLimit(page: PageRow, limit: number): Promise<boolean> {
    const { n } = await this.db.kysely
      .selectFrom('tracked_pages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', page.workspace_id)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', page.created_at),
          eb.and([eb('created_at', '=', page.created_at), eb('id', '<', page.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(n) >= limit;
  }
}
