import crypto from 'node:crypto';
import {
  backoffDelay,
  DEAD_LETTERS_LISTED,
  errorMessage,
  FAILURES_SCANNED,
  JOB_CANCELLED_REASON,
  JobCancelledError,
  JobDeferredError,
  JobTimeoutError,
  TransientJobError,
  type EnqueueOptions,
  type JobEvent,
  type JobHandler,
  type JobInfo,
  type JobPriority,
  type JobProgress,
  type Jobs,
  type JobState,
  type JobWorker,
  type QueueStats,
} from './port';
import { checkJobId, raceAbort, WorkerClosedError } from './shared';

/** Timers, injectable so tests can step through backoffs and timeouts. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending retry or timeout alone does not keep the process up.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface InProcessJobsOptions {
  timers?: Timers;
  /** Finished jobs kept per queue for `get`, oldest dropped first (BullMQ's removeOnComplete). */
  keepFinished?: number;
}

interface Entry {
  info: JobInfo;
  data: unknown;
  options: EnqueueOptions;
  /**
   * The timer that puts the job back in line: a failed attempt's backoff before its retry,
   * or a deferred job's delay.
   */
  requeueTimer?: unknown;
}

interface Running {
  entry: Entry;
  abort: AbortController;
}

interface LocalWorker {
  concurrency: number;
  handler: JobHandler<unknown, unknown>;
  running: Set<Running>;
  closing: boolean;
  /** Resolves the graceful close's wait once the last running job settled. */
  idle?: () => void;
}

interface Queue {
  name: string;
  waiting: Record<JobPriority, Entry[]>;
  jobs: Map<string, Entry>;
  /** Ids of finished jobs, oldest first, for pruning. */
  finished: string[];
  workers: LocalWorker[];
  /** Running attempts by job id, a closing worker's too: what a cancel reaches. */
  active: Map<string, Running>;
  listeners: Map<string, Set<(event: JobEvent) => void>>;
}

/** JSON in and out, as on Redis: a Date or a class instance fails here as it would there. */
const viaJson = <T>(value: T): T =>
  value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value)) as T);

/**
 * The default: jobs run in this process, `concurrency` at a time per worker, interactive
 * before scheduled, retried with backoff on transient failures, timed out, and kept in a
 * dead-letter state once their attempts are used up. Nothing survives a restart: one
 * process with SQLite is the setup it serves.
 */
export class InProcessJobs implements Jobs {
  readonly kind = 'in-process';
  private readonly queues = new Map<string, Queue>();
  private readonly timers: Timers;
  private readonly keepFinished: number;
  private closed = false;

  constructor(options: InProcessJobsOptions = {}) {
    this.timers = options.timers ?? systemTimers;
    this.keepFinished = options.keepFinished ?? 1000;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = {
        name,
        waiting: { interactive: [], scheduled: [] },
        jobs: new Map(),
        finished: [],
        workers: [],
        active: new Map(),
        listeners: new Map(),
      };
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<Data>(queueName: string, data: Data, options: EnqueueOptions): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed.');
    const id = options.jobId ?? crypto.randomUUID();
    checkJobId(id);
    const queue = this.queue(queueName);
    if (queue.jobs.has(id)) return id;
    const entry: Entry = {
      info: {
        id,
        queueName,
        state: 'waiting',
        priority: options.priority,
        attemptsMade: 0,
        attempts: Math.max(1, options.attempts),
        failedReason: null,
        progress: null,
        result: null,
      },
      data: viaJson(data),
      options,
    };
    queue.jobs.set(id, entry);
    queue.waiting[options.priority].push(entry);
    this.dispatch(queue);
    return id;
  }

  process<Data, Result>(
    queueName: string,
    concurrency: number,
    handler: JobHandler<Data, Result>,
  ): JobWorker {
    if (this.closed) throw new Error('The job queue is closed.');
    const queue = this.queue(queueName);
    const worker: LocalWorker = {
      concurrency: Math.max(1, concurrency),
      handler: handler as JobHandler<unknown, unknown>,
      running: new Set(),
      closing: false,
    };
    queue.workers.push(worker);
    this.dispatch(queue);
    return { close: (options) => this.closeWorker(queue, worker, options?.force ?? false) };
  }

  private async closeWorker(queue: Queue, worker: LocalWorker, force: boolean): Promise<void> {
    if (!worker.closing) {
      worker.closing = true;
      queue.workers = queue.workers.filter((w) => w !== worker);
    }
    if (force) {
      // As a crashed worker's: back to the front of the line, no attempt used.
      for (const running of [...worker.running].reverse()) {
        worker.running.delete(running);
        running.abort.abort(new WorkerClosedError());
        running.entry.info.state = 'waiting';
        queue.waiting[running.entry.info.priority].unshift(running.entry);
      }
      worker.idle?.();
      this.dispatch(queue);
      return;
    }
    if (worker.running.size > 0) await new Promise<void>((resolve) => (worker.idle = resolve));
  }

  /** Hands waiting jobs to workers with a free slot, the least busy first. */
  private dispatch(queue: Queue): void {
    for (;;) {
      const entry = queue.waiting.interactive[0] ?? queue.waiting.scheduled[0];
      if (!entry) return;
      const free = queue.workers
        .filter((w) => !w.closing && w.running.size < w.concurrency)
        .sort((a, b) => a.running.size - b.running.size)[0];
      if (!free) return;
      queue.waiting[entry.info.priority].shift();
      void this.run(queue, free, entry);
    }
  }

  private async run(queue: Queue, worker: LocalWorker, entry: Entry): Promise<void> {
    const { info, options } = entry;
    const running: Running = { entry, abort: new AbortController() };
    worker.running.add(running);
    queue.active.set(info.id, running);
    info.state = 'active';
    const timer = this.timers.setTimeout(
      () => running.abort.abort(new JobTimeoutError(options.timeoutMs)),
      options.timeoutMs,
    );
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      const attempt = worker.handler(
        {
          id: info.id,
          queueName: queue.name,
          data: viaJson(entry.data),
          attempt: info.attemptsMade + 1,
        },
        {
          signal: running.abort.signal,
          reportProgress: async (progress) => {
            if (worker.running.has(running)) this.progress(queue, entry, progress);
          },
        },
      );
      outcome = { ok: true, result: viaJson(await raceAbort(attempt, running.abort.signal)) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      this.timers.clearTimeout(timer);
      if (queue.active.get(info.id) === running) queue.active.delete(info.id);
    }
    // A force-closed worker gave the job back already: its outcome is nobody's news.
    if (!worker.running.delete(running)) return;
    if (worker.closing && worker.running.size === 0) worker.idle?.();

    // Deferred by its handler (and neither timed out nor cancelled meanwhile): back in
    // line after the delay, the attempt not spent, nobody told.
    if (!outcome.ok && outcome.error instanceof JobDeferredError && !running.abort.signal.aborted) {
      info.state = 'waiting';
      // Once closed, it is dropped with the waiting jobs.
      if (!this.closed) this.requeueLater(queue, entry, outcome.error.delayMs);
      this.dispatch(queue);
      return;
    }

    info.attemptsMade++;
    if (outcome.ok) {
      info.state = 'completed';
      info.result = outcome.result;
      this.finish(queue, entry, { type: 'completed', jobId: info.id, result: outcome.result });
    } else {
      const reason: unknown = running.abort.signal.reason;
      const timedOut = reason instanceof JobTimeoutError;
      // A cancel that came as the handler threw (a deferral, say) is what ends the job.
      const error: unknown =
        timedOut || reason instanceof JobCancelledError ? reason : outcome.error;
      const transient = timedOut || error instanceof TransientJobError;
      info.failedReason = errorMessage(error);
      if (transient && info.attemptsMade < info.attempts && !this.closed) {
        info.state = 'waiting';
        this.requeueLater(queue, entry, backoffDelay(options.backoff, info.attemptsMade));
      } else {
        info.state = transient ? 'dead-letter' : 'failed';
        this.finish(queue, entry, {
          type: 'failed',
          jobId: info.id,
          state: info.state,
          reason: info.failedReason,
        });
      }
    }
    this.dispatch(queue);
  }

  /** Puts a waiting job back at the end of its priority's line after `delayMs`. */
  private requeueLater(queue: Queue, entry: Entry, delayMs: number): void {
    entry.requeueTimer = this.timers.setTimeout(
      () => {
        entry.requeueTimer = undefined;
        queue.waiting[entry.info.priority].push(entry);
        this.dispatch(queue);
      },
      Math.max(0, delayMs),
    );
  }

  private progress(queue: Queue, entry: Entry, progress: JobProgress): void {
    entry.info.progress = viaJson(progress);
    this.emit(queue, { type: 'progress', jobId: entry.info.id, progress: entry.info.progress });
  }

  private finish(queue: Queue, entry: Entry, event: JobEvent): void {
    queue.finished.push(entry.info.id);
    while (queue.finished.length > this.keepFinished) queue.jobs.delete(queue.finished.shift()!);
    this.emit(queue, event);
  }

  private emit(queue: Queue, event: JobEvent): void {
    for (const listener of queue.listeners.get(event.jobId) ?? []) {
      try {
        listener(event);
      } catch {
        // One subscriber's failure is not the job's nor the other subscribers'.
      }
    }
  }

  async get<Result = unknown>(queueName: string, jobId: string): Promise<JobInfo<Result> | null> {
    const entry = this.queues.get(queueName)?.jobs.get(jobId);
    return entry ? (viaJson(entry.info) as JobInfo<Result>) : null;
  }

  async subscribe<Result = unknown>(
    queueName: string,
    jobId: string,
    listener: (event: JobEvent<Result>) => void,
  ): Promise<() => void> {
    const { listeners } = this.queue(queueName);
    const own = listeners.get(jobId) ?? new Set();
    listeners.set(jobId, own);
    const wrapped = listener as (event: JobEvent) => void;
    own.add(wrapped);
    return () => {
      own.delete(wrapped);
      if (own.size === 0 && listeners.get(jobId) === own) listeners.delete(jobId);
    };
  }

  async workerCount(queueName: string): Promise<number> {
    return this.queues.get(queueName)?.workers.length ?? 0;
  }

  async stats(queueName: string): Promise<QueueStats> {
    const queue = this.queues.get(queueName);
    const count = (state: JobState) =>
      [...(queue?.jobs.values() ?? [])].filter((entry) => entry.info.state === state).length;
    const failures = (queue?.finished ?? [])
      .map((id) => queue!.jobs.get(id)!.info)
      .filter((info) => info.state === 'failed' || info.state === 'dead-letter')
      .reverse()
      .slice(0, FAILURES_SCANNED);
    return {
      queueName,
      workers: queue?.workers.length ?? 0,
      waiting: count('waiting'),
      active: count('active'),
      failed: count('failed') + count('dead-letter'),
      deadLetters: viaJson(
        failures.filter((info) => info.state === 'dead-letter').slice(0, DEAD_LETTERS_LISTED),
      ),
    };
  }

  async cancel(queueName: string, jobId: string): Promise<void> {
    const queue = this.queues.get(queueName);
    const entry = queue?.jobs.get(jobId);
    if (!queue || !entry) return;
    const { info } = entry;
    if (info.state === 'active') {
      queue.active.get(jobId)?.abort.abort(new JobCancelledError());
      return;
    }
    if (info.state !== 'waiting') return;
    // Waiting its turn, its retry's backoff or its deferral's delay: it ends here.
    if (entry.requeueTimer !== undefined) this.timers.clearTimeout(entry.requeueTimer);
    entry.requeueTimer = undefined;
    queue.waiting[info.priority] = queue.waiting[info.priority].filter((e) => e !== entry);
    info.state = 'failed';
    info.failedReason = JOB_CANCELLED_REASON;
    this.finish(queue, entry, {
      type: 'failed',
      jobId,
      state: 'failed',
      reason: info.failedReason,
    });
  }

  /** Waits for the running jobs; waiting ones, pending retries and deferrals are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    const closing: Promise<void>[] = [];
    for (const queue of this.queues.values()) {
      for (const entry of queue.jobs.values()) {
        if (entry.requeueTimer !== undefined) this.timers.clearTimeout(entry.requeueTimer);
      }
      queue.waiting = { interactive: [], scheduled: [] };
      for (const worker of queue.workers) closing.push(this.closeWorker(queue, worker, false));
    }
    await Promise.all(closing);
  }
}
