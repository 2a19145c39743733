import crypto from 'node:crypto';
import { TRACKING_MESSAGES } from '@core/messages';
import type { Clock } from '../shared/clock';
import type { Jobs } from '../jobs';
import { enqueueTo } from '../jobs/queue';
import type { Charge } from '../quota/quotas';
import type { OpenCheck } from './check-runner';
import {
  CHECK_JOB_OPTIONS,
  checksNowQueue,
  scheduledChecksQueue,
  type CheckJob,
} from './check-jobs';
import type { TrackingChecks } from './checks';
import type { PageLeases } from '../shared/leases';
import { pageDevices, type PageRow } from './pages';

const queueOf = (job: CheckJob) =>
  job.kind === 'scheduled' ? scheduledChecksQueue : checksNowQueue;

interface Queued {
  job: CheckJob;
  scheduled: boolean;
  ended: Promise<void>;
  forget: () => void;
}

/**
 * Finds due tracked pages and queues their checks as jobs (TrackingCheckJobs runs them),
 * each under the page's lease so that no other process queues it too: at most
 * `concurrency` scheduled checks queued from this process and not yet ended. 'Run now'
 * queues the page's checks at interactive priority. A page that was due during downtime
 * runs once, then moves to its next slot (schedule.ts).
 */
export class TrackingScheduler {
  private readonly queued = new Map<string, Queued>();

  constructor(
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly checks: TrackingChecks,
    private readonly leases: PageLeases,
    private readonly concurrency: number,
  ) {}

  /** Ids of unpaused pages due by now whose lease is free, the longest due first. */
  findDue(limit: number): Promise<string[]> {
    return this.leases.findDue(limit);
  }

  /** One pass: claims due pages while this process has room and queues their checks. */
  async tick(): Promise<number> {
    const free = this.concurrency - [...this.queued.values()].filter((q) => q.scheduled).length;
    if (free <= 0) return 0;
    // More candidates than room: other processes may claim some first.
    const due = await this.findDue(free * 2);
    let started = 0;
    for (const pageId of due) {
      if (started === free) break;
      const jobId = crypto.randomUUID();
      if (!(await this.leases.claim(pageId, jobId, true))) continue;
      try {
        await this.enqueue(jobId, { kind: 'scheduled', pageId });
      } catch (error) {
        await this.leases.release(pageId, jobId);
        throw error;
      }
      started++;
    }
    return started;
  }

  /**
   * 'Run now': the page's checks at interactive priority, outside the schedule, once
   * `admit` (the quota) lets them; a refused admission returns null. 'busy' when a check
   * of the page is queued or running already (here or in another process).
   */
  async runNow(
    page: PageRow,
    admit: () => Promise<Charge | null>,
  ): Promise<OpenCheck[] | 'busy' | 'refused'> {
    const jobId = crypto.randomUUID();
    if (!(await this.leases.claim(page.id, jobId, false))) return 'busy';
    let admitted: Charge | null = null;
    try {
      admitted = await admit();
    } finally {
      if (!admitted) await this.leases.release(page.id, jobId);
    }
    if (!admitted) return 'refused';
    const startedAt = this.clock.now().toISOString();
    const open: OpenCheck[] = [];
    try {
      await this.checks.failInterrupted(page.id, startedAt, TRACKING_MESSAGES.interrupted);
      for (const device of pageDevices(page)) {
        open.push({
          id: await this.checks.open(page.id, device, 'manual', startedAt, jobId),
          device,
          startedAt,
        });
      }
      await this.enqueue(jobId, { kind: 'manual', pageId: page.id, charge: admitted.counter });
    } catch (error) {
      // Nothing will run: no rows left running, no charge, the page free.
      await this.checks.discard(open.map((check) => check.id));
      await admitted.refund();
      await this.leases.release(page.id, jobId);
      throw error;
    }
    return open;
  }

  /** Queues a check's job, its end heard (from whichever worker runs it) to free room. */
  private async enqueue(jobId: string, data: CheckJob): Promise<void> {
    const queue = queueOf(data);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const unsubscribe = await this.jobs.subscribe(queue.name, jobId, (event) => {
      if (event.type !== 'progress') entry.forget();
    });
    const entry: Queued = {
      job: data,
      scheduled: data.kind === 'scheduled',
      ended,
      forget: () => {
        unsubscribe();
        this.queued.delete(jobId);
        end();
      },
    };
    this.queued.set(jobId, entry);
    try {
      await enqueueTo(this.jobs, queue, data, { ...CHECK_JOB_OPTIONS, jobId });
    } catch (error) {
      entry.forget();
      throw error;
    }
  }

  /** Resolves when every check queued from here has ended. */
  async idle(): Promise<void> {
    while (this.queued.size > 0) await Promise.all([...this.queued.values()].map((q) => q.ended));
  }

  /**
   * Cancels the check jobs queued from here that have not ended, handing each to
   * `abandon`: for a queue that ends with this process, where they would never run.
   */
  async cancelQueued(abandon: (jobId: string, job: CheckJob) => Promise<void>): Promise<void> {
    for (const [jobId, { job }] of [...this.queued]) {
      await this.jobs.cancel(queueOf(job).name, jobId);
      await abandon(jobId, job);
    }
  }

  /** Stops following the checks queued from here: they run on wherever they are. */
  stop(): void {
    for (const entry of [...this.queued.values()]) entry.forget();
  }
}
