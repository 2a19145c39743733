import type { FastifyBaseLogger } from 'fastify';
import { TRACKING_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';
import type { Quotas } from '../quota/quotas';
import type { CheckRunner, OpenCheck } from './check-runner';
import type { TrackingChecks } from './checks';
import type { PageLeases } from './leases';
import { pageDevices, type PageRow } from './pages';
import { effectiveSchedule, nextDue } from './schedule';

/** The usage counter of scheduled checks, apart from the manual speed-test quota. */
export const SCHEDULED_CHECKS_TOOL = 'tracking-checks';

type DuePage = PageRow & { email: string; plan_id: number };

interface Running {
  pageId: string;
  scheduled: boolean;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * Finds due tracked pages and runs their checks in the background: at most `concurrency`
 * scheduled pages at a time in this process, each under a lease so no other process runs
 * it too, on the speed engine's low priority behind people's own tests. A page that was
 * due during downtime runs once, then moves to its next slot (schedule.ts).
 */
export class TrackingScheduler {
  private readonly running = new Set<Running>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly quotas: Quotas,
    private readonly checks: TrackingChecks,
    private readonly leases: PageLeases,
    private readonly runner: CheckRunner,
    private readonly concurrency: number,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Unpaused pages due by now whose lease is free, the longest due first. */
  findDue(limit: number): Promise<DuePage[]> {
    const now = this.clock.now().toISOString();
    return this.db.kysely
      .selectFrom('tracked_pages as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select(['u.email', 'u.plan_id'])
      .where('p.paused', '=', 0)
      .where('p.next_due_at', '<=', now)
      .where((eb) => eb.or([eb('p.lease_until', 'is', null), eb('p.lease_until', '<', now)]))
      .orderBy('p.next_due_at')
      .limit(limit)
      .execute();
  }

  /** One pass: claims due pages while this process has room and starts their checks. */
  async tick(): Promise<number> {
    const free = this.concurrency - [...this.running].filter((r) => r.scheduled).length;
    if (free <= 0) return 0;
    // More candidates than room: other processes may claim some first.
    const due = await this.findDue(free * 2);
    let started = 0;
    for (const page of due) {
      if (started === free) break;
      if (!(await this.leases.claim(page.id, true))) continue;
      started++;
      this.track(page.id, true, (signal) => this.runScheduled(page, signal));
    }
    return started;
  }

  /**
   * 'Run now': the page's checks at interactive priority, outside the schedule, once
   * `admit` (the quota) lets them. 'busy' when a check of the page is running already
   * (here or in another process).
   */
  async runNow(
    page: PageRow & { email: string },
    admit: () => Promise<boolean>,
  ): Promise<OpenCheck[] | 'busy' | 'refused'> {
    if (!(await this.leases.claim(page.id, false))) return 'busy';
    let admitted = false;
    try {
      admitted = await admit();
    } finally {
      if (!admitted) await this.leases.release(page.id);
    }
    if (!admitted) return 'refused';
    const startedAt = this.clock.now().toISOString();
    const open: OpenCheck[] = [];
    try {
      await this.checks.failInterrupted(page.id, startedAt, TRACKING_MESSAGES.interrupted);
      for (const device of pageDevices(page)) {
        open.push({
          id: await this.checks.open(page.id, device, 'manual', startedAt),
          device,
          startedAt,
        });
      }
    } catch (error) {
      await this.leases.release(page.id);
      throw error;
    }
    this.track(page.id, false, async (signal) => {
      await this.runner.run(page, open, 'interactive', signal);
      await this.leases.release(page.id);
    });
    return open;
  }

  private async runScheduled(page: DuePage, signal: AbortSignal): Promise<void> {
    const plan = planById(page.plan_id);
    const startedAt = this.clock.now();
    const at = startedAt.toISOString();
    // A process that stopped mid-check left its rows running; say what became of them.
    await this.checks.failInterrupted(page.id, at, TRACKING_MESSAGES.interrupted);
    const over = await this.overPlanLimit(page, plan.trackedPageLimit);
    const open: OpenCheck[] = [];
    let charged = 0;
    for (const device of pageDevices(page)) {
      let skipped: string | null = over
        ? TRACKING_MESSAGES.overPageLimit(plan.trackedPageLimit)
        : null;
      if (!skipped) {
        if (
          await this.quotas.consume(page.user_id, SCHEDULED_CHECKS_TOOL, plan.scheduledCheckLimit)
        )
          charged++;
        else skipped = TRACKING_MESSAGES.allowanceUsed;
      }
      const id = await this.checks.open(page.id, device, 'schedule', at, skipped);
      if (!skipped) open.push({ id, device, startedAt: at });
    }
    const finished = open.length === 0 || (await this.runner.run(page, open, 'background', signal));
    if (!finished) {
      // Interrupted by a shutdown: the checks are gone, so is their charge; due again after.
      if (charged) await this.quotas.refund(page.user_id, SCHEDULED_CHECKS_TOOL, charged);
      await this.leases.release(page.id);
      return;
    }
    const schedule = effectiveSchedule(page.schedule, plan.hourlyTracking);
    await this.leases.release(page.id, nextDue(startedAt, page.id, schedule).toISOString());
  }

  /** True when the user has more pages than the plan tracks and this is past the first ones. */
  private async overPlanLimit(page: PageRow, limit: number): Promise<boolean> {
    const { n } = await this.db.kysely
      .selectFrom('tracked_pages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', page.user_id)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', page.created_at),
          eb.and([eb('created_at', '=', page.created_at), eb('id', '<', page.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(n) >= limit;
  }

  /** Runs `work` in the background, its lease renewed until it ends. */
  private track(pageId: string, scheduled: boolean, work: (signal: AbortSignal) => Promise<void>) {
    const abort = new AbortController();
    const entry: Running = { pageId, scheduled, abort, done: Promise.resolve() };
    entry.done = work(abort.signal)
      .catch(async (error: unknown) => {
        this.log.error({ err: error, pageId }, 'tracked page check failed');
        await this.leases.release(pageId).catch(() => undefined);
      })
      .finally(() => {
        this.running.delete(entry);
        if (this.running.size === 0 && this.heartbeat) {
          clearInterval(this.heartbeat);
          this.heartbeat = null;
        }
      });
    this.running.add(entry);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(
        () => void this.leases.renew([...this.running].map((r) => r.pageId)).catch(() => undefined),
        this.leases.ttlMs / 3,
      );
      this.heartbeat.unref();
    }
  }

  /** Resolves when every check under way has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running].map((r) => r.done));
  }

  /** Ends the checks under way (removed, due again after a restart) and waits for them. */
  async stop(): Promise<void> {
    for (const entry of this.running) entry.abort.abort();
    await this.idle();
  }
}
