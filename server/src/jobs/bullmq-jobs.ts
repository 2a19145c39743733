import crypto from 'node:crypto';
import { DelayedError, Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEAD_LETTERS_LISTED,
  errorMessage,
  FAILURES_SCANNED,
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
  type JobWorker,
  type QueueStats,
} from './port';
import { checkJobId, raceAbort, WorkerClosedError } from './shared';

export interface BullmqJobsOptions {
  /** redis://… (REDIS_URL). */
  url: string;
  /** Key prefix of every queue, 'speedrank' unless given; tests use one of their own. */
  prefix?: string;
  /**
   * How long a worker holds a job without renewing its lock (renewed at half of it) before
   * another worker's stall check, run every `stalledIntervalMs`, gives the job to another
   * worker: what a killed worker costs. BullMQ's defaults: 30 s each.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Finished jobs kept per queue for `get`: completed ones for a day, others for a week. */
  keepCompleted?: number;
  keepFailed?: number;
  /** Errors of the connections and workers (Redis down, a lost lock); logged by the caller. */
  onError?: (error: Error) => void;
}

/** What is stored in Redis: the caller's data and the attempt's limit, which workers need. */
interface Envelope {
  data: unknown;
  timeoutMs: number;
}

/** A worker's running attempts, and whether a forced close gave them up. */
interface WorkerState {
  abandoned: boolean;
  running: Set<AbortController>;
  /** The running attempts by job id, for a cancel published by any instance. */
  byJob: Map<string, AbortController>;
  /** Called when the last running attempt ends. */
  idle: (() => void)[];
}

const never = <T>() => new Promise<T>(() => undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a graceful close lets BullMQ record the last outcomes and close its
 * connections once our handlers are done. A connection closed while it waits to reconnect
 * (a Redis restart shortly before) never reports its end to BullMQ, whose close then waits
 * forever (ioredis emits no 'end' for a disconnect during its reconnect delay): past this
 * grace the connections are cut and the close stops waiting.
 */
const CLOSE_GRACE_MS = 1000;

/** Resolves once `closing` settled, or at most twice `grace` ms after `ready` resolved. */
async function closeWithin(
  target: { disconnect(): Promise<void> },
  closing: Promise<void>,
  ready: Promise<unknown>,
  grace: number,
): Promise<void> {
  const settled = closing.then(
    () => true,
    () => true,
  );
  const late = () => sleep(grace).then(() => false);
  if (await Promise.race([settled, ready.then(late)])) return;
  void target.disconnect().catch(() => undefined);
  await Promise.race([settled, late()]);
}

const PRIORITY: Record<JobPriority, number> = { interactive: 1, scheduled: 2 };
/** A failure's stored stack starts with this when the handler's error was permanent. */
const PERMANENT = 'PermanentJobError:';
const RETRYABLE = 'TransientJobError:';
/** Progress is stored wrapped: BullMQ's own initial progress is a bare 0. */
const unwrapProgress = (stored: unknown): JobProgress | null =>
  typeof stored === 'object' && stored !== null && 'value' in stored
    ? (stored.value as JobProgress)
    : null;

/** The error BullMQ records for a failed attempt, its stack marking the kind. */
function attemptError(error: unknown, permanent: boolean): Error {
  const message = errorMessage(error);
  const stored = permanent ? new UnrecoverableError(message) : new Error(message);
  stored.stack = `${permanent ? PERMANENT : RETRYABLE} ${message}`;
  return stored;
}

/**
 * Jobs on Redis through BullMQ (scale-out mode): any number of API instances enqueue and
 * read, any number of worker processes run. A worker that dies mid-job loses its lock and
 * another worker's stall check hands the job on. Priorities are BullMQ priorities;
 * transient failures retry with BullMQ's exponential backoff; permanent ones are
 * UnrecoverableErrors; deferrals are BullMQ's manual delay (moveToDelayed, DelayedError);
 * the timeout is ours (the handler's signal); progress travels by job.updateProgress and
 * the queue's event stream.
 */
export class BullmqJobs implements Jobs {
  readonly kind = 'bullmq';
  private readonly prefix: string;
  /** Queues and reads share one connection; each worker and event reader has its own. */
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<
    string,
    Promise<{
      reader: QueueEvents;
      connection: Redis;
      listeners: Map<string, Set<(event: JobEvent) => void>>;
    }>
  >();
  private readonly workers = new Set<JobWorker>();
  /** The running attempts of this instance's workers, per queue: what a cancel reaches. */
  private readonly attempts = new Map<string, Set<WorkerState>>();
  /** Hears cancels published by any instance; opened with the first worker. */
  private cancels: Redis | null = null;
  private readonly onError: (error: Error) => void;

  constructor(private readonly options: BullmqJobsOptions) {
    this.prefix = options.prefix ?? 'speedrank';
    this.onError = options.onError ?? (() => undefined);
    this.connection = this.connect(false);
  }

  /** Blocking readers (workers, event streams) must wait out a Redis restart, not fail. */
  private connect(blocking: boolean): Redis {
    const connection = new Redis(this.options.url, {
      ...(blocking ? { maxRetriesPerRequest: null } : {}),
    });
    connection.on('error', (error: Error) => this.onError(error));
    return connection;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (error: Error) => this.onError(error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<Data>(queueName: string, data: Data, options: EnqueueOptions): Promise<string> {
    const jobId = options.jobId ?? crypto.randomUUID();
    checkJobId(jobId);
    const envelope: Envelope = { data, timeoutMs: options.timeoutMs };
    const job = await this.queue(queueName).add(queueName, envelope, {
      jobId,
      priority: PRIORITY[options.priority],
      attempts: Math.max(1, options.attempts),
      backoff: { type: 'exponential', delay: options.backoff.delayMs },
      removeOnComplete: { age: 24 * 3600, count: this.options.keepCompleted ?? 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: this.options.keepFailed ?? 5000 },
    });
    return job.id ?? jobId;
  }

  process<Data, Result>(
    queueName: string,
    concurrency: number,
    handler: JobHandler<Data, Result>,
  ): JobWorker {
    this.listenForCancels();
    const connection = this.connect(true);
    const state: WorkerState = {
      abandoned: false,
      running: new Set(),
      byJob: new Map(),
      idle: [],
    };
    const states = this.attempts.get(queueName) ?? new Set();
    this.attempts.set(queueName, states.add(state));
    let worker: Worker<Envelope, Result>;
    try {
      worker = new Worker<Envelope, Result>(
        queueName,
        (job, token, cancelled) => this.attempt(job, token, handler, state, cancelled),
        {
          connection,
          prefix: this.prefix,
          concurrency: Math.max(1, concurrency),
          // A job handed back by a stopping worker counts as stalled: a rolling restart may
          // hand one back twice before it fails as stalled.
          maxStalledCount: 2,
          // Given only when set: an undefined option would override BullMQ's default.
          ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
          ...(this.options.stalledIntervalMs
            ? { stalledInterval: this.options.stalledIntervalMs }
            : {}),
          removeOnComplete: { age: 24 * 3600, count: this.options.keepCompleted ?? 1000 },
          removeOnFail: { age: 7 * 24 * 3600, count: this.options.keepFailed ?? 5000 },
        },
      );
    } catch (error) {
      connection.disconnect();
      throw error;
    }
    worker.on('error', (error: Error) => this.onError(error));
    let closing: Promise<void> | null = null;
    const handle: JobWorker = {
      close: (options) => {
        const force = options?.force ?? false;
        if (closing && !force) return closing;
        if (force) {
          state.abandoned = true;
          for (const abort of state.running) abort.abort(new WorkerClosedError());
        }
        closing = (async () => {
          try {
            // Forced, there is nothing to wait for: no outcome is reported any more.
            const idle = new Promise<void>((resolve) =>
              force || state.running.size === 0 ? resolve() : state.idle.push(resolve),
            );
            await closeWithin(worker, worker.close(force), idle, CLOSE_GRACE_MS);
          } finally {
            connection.disconnect();
            this.workers.delete(handle);
            states.delete(state);
          }
        })();
        return closing;
      },
    };
    this.workers.add(handle);
    return handle;
  }

  /** One attempt of `job` on this worker, its outcome told to BullMQ in BullMQ's terms. */
  private async attempt<Data, Result>(
    job: Job<Envelope, Result>,
    token: string | undefined,
    handler: JobHandler<Data, Result>,
    state: WorkerState,
    cancelled: AbortSignal | undefined,
  ): Promise<Result> {
    const abort = new AbortController();
    state.running.add(abort);
    state.byJob.set(job.id!, abort);
    const forward = () => abort.abort(cancelled?.reason);
    cancelled?.addEventListener('abort', forward, { once: true });
    const { timeoutMs } = job.data;
    const timer = setTimeout(() => abort.abort(new JobTimeoutError(timeoutMs)), timeoutMs);
    try {
      // Cancelled while it waited: it ends before its handler starts.
      if (await this.connection.sismember(this.cancelledKey(job.queueName), job.id!))
        throw new JobCancelledError();
      const attempt = handler(
        {
          id: job.id!,
          queueName: job.queueName,
          data: job.data.data as Data,
          attempt: job.attemptsMade + 1,
        },
        {
          signal: abort.signal,
          reportProgress: (progress) =>
            state.abandoned ? Promise.resolve() : job.updateProgress({ value: progress }),
        },
      );
      const result = await raceAbort(attempt, abort.signal);
      if (state.abandoned) return await never<Result>();
      return result;
    } catch (error) {
      // A force-closed worker reports nothing: the job's lock runs out and it moves on.
      if (state.abandoned) return await never<Result>();
      const reason: unknown = abort.signal.reason;
      if (reason instanceof JobTimeoutError) throw attemptError(reason, false);
      // A cancel that came as the handler threw (a deferral, say) is what ends the job.
      if (reason instanceof JobCancelledError) throw attemptError(reason, true);
      if (error instanceof JobDeferredError && !abort.signal.aborted) {
        await this.defer(job, token, error.delayMs);
      }
      throw attemptError(error, !(error instanceof TransientJobError));
    } finally {
      clearTimeout(timer);
      cancelled?.removeEventListener('abort', forward);
      state.running.delete(abort);
      if (state.byJob.get(job.id!) === abort) state.byJob.delete(job.id!);
      if (state.running.size === 0) for (const resolve of state.idle.splice(0)) resolve();
    }
  }

  /**
   * BullMQ's manual delay: the job leaves the active list for the delayed set, its lock
   * released and its `attemptsMade` unchanged (only `attemptsStarted` went up when it was
   * taken), and the DelayedError tells the worker to record nothing (no 'failed', no
   * retry) and take its next job. Once due, the job goes back to waiting at its priority;
   * a cancel meanwhile is found by the cancelled-set check when a worker takes it.
   */
  private async defer(job: Job, token: string | undefined, delayMs: number): Promise<never> {
    try {
      await job.moveToDelayed(Date.now() + Math.max(0, delayMs), token);
    } catch (error) {
      // Lost the lock (a stall check gave the job on) or Redis failed: an attempt's failure.
      throw attemptError(error, false);
    }
    throw new DelayedError();
  }

  private info<Result>(
    job: Job<Envelope, Result>,
    bullState: Awaited<ReturnType<Job['getState']>>,
  ): JobInfo<Result> | null {
    if (bullState === 'unknown') return null;
    const state =
      bullState === 'completed' || bullState === 'active'
        ? bullState
        : bullState === 'failed'
          ? job.stacktrace?.at(-1)?.startsWith(PERMANENT)
            ? 'failed'
            : 'dead-letter'
          : 'waiting';
    return {
      id: job.id!,
      queueName: job.queueName,
      state,
      priority: job.opts.priority === PRIORITY.interactive ? 'interactive' : 'scheduled',
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      failedReason: job.failedReason || null,
      progress: unwrapProgress(job.progress),
      result: state === 'completed' ? (job.returnvalue ?? null) : null,
    };
  }

  async get<Result = unknown>(queueName: string, jobId: string): Promise<JobInfo<Result> | null> {
    const queue = this.queue(queueName);
    let job = await Job.fromId<Envelope, Result>(queue, jobId);
    if (!job) return null;
    const state = await job.getState();
    // The job's fields and its state are two reads: a job that finished between them is
    // read again, so that a finished state never comes with an unfinished job's fields.
    if ((state === 'completed' || state === 'failed') && !job.finishedOn) {
      job = await Job.fromId<Envelope, Result>(queue, jobId);
      if (!job) return null;
    }
    return this.info(job, state);
  }

  /** The queue's event stream, read from its current end (so nothing after it is missed). */
  private reader(queueName: string) {
    let reader = this.events.get(queueName);
    if (!reader) {
      reader = (async () => {
        const queue = this.queue(queueName);
        const [last] = await this.connection.xrevrange(queue.keys.events!, '+', '-', 'COUNT', 1);
        const listeners = new Map<string, Set<(event: JobEvent) => void>>();
        // BullMQ reads on a duplicate of this one, which it owns; this one is closed with it.
        const connection = this.connect(true);
        const events = new QueueEvents(queueName, {
          connection,
          prefix: this.prefix,
          lastEventId: last?.[0] ?? '0-0',
        });
        events.on('error', (error: Error) => this.onError(error));
        const emit = (event: JobEvent) => {
          for (const listener of listeners.get(event.jobId) ?? []) {
            try {
              listener(event);
            } catch {
              // One subscriber's failure is not the others'.
            }
          }
        };
        events.on('progress', ({ jobId, data }) => {
          const progress = unwrapProgress(data);
          if (progress !== null) emit({ type: 'progress', jobId, progress });
        });
        events.on('completed', ({ jobId, returnvalue }) => {
          emit({ type: 'completed', jobId, result: returnvalue ?? null });
        });
        events.on('failed', ({ jobId, failedReason }) => {
          if (!listeners.has(jobId)) return;
          // Which kind of failure is stored on the job, not in the event.
          void this.get(queueName, jobId)
            .then((info) => {
              const state = info?.state === 'failed' ? 'failed' : 'dead-letter';
              emit({ type: 'failed', jobId, state, reason: failedReason });
            })
            .catch((error: unknown) => this.onError(error as Error));
        });
        await events.waitUntilReady();
        return { reader: events, connection, listeners };
      })();
      // A reader that could not start (Redis down) is tried afresh by the next subscriber.
      reader.catch(() => this.events.delete(queueName));
      this.events.set(queueName, reader);
    }
    return reader;
  }

  async subscribe<Result = unknown>(
    queueName: string,
    jobId: string,
    listener: (event: JobEvent<Result>) => void,
  ): Promise<() => void> {
    const { listeners } = await this.reader(queueName);
    const own = listeners.get(jobId) ?? new Set();
    listeners.set(jobId, own);
    const wrapped = listener as (event: JobEvent) => void;
    own.add(wrapped);
    return () => {
      own.delete(wrapped);
      if (own.size === 0 && listeners.get(jobId) === own) listeners.delete(jobId);
    };
  }

  private cancelledKey(queueName: string): string {
    return `${this.prefix}:${queueName}:cancelled`;
  }

  private get cancelChannel(): string {
    return `${this.prefix}:cancel`;
  }

  /** Aborts this instance's running attempts of the jobs any instance cancels. */
  private listenForCancels(): void {
    if (this.cancels) return;
    const cancels = this.connect(true);
    this.cancels = cancels;
    cancels.on('message', (_channel: string, message: string) => {
      const { queueName, jobId } = JSON.parse(message) as { queueName: string; jobId: string };
      for (const state of this.attempts.get(queueName) ?? [])
        state.byJob.get(jobId)?.abort(new JobCancelledError());
    });
    void cancels
      .subscribe(this.cancelChannel)
      .catch((error: unknown) => this.onError(error as Error));
  }

  async workerCount(queueName: string): Promise<number> {
    return this.queue(queueName).getWorkersCount();
  }

  async stats(queueName: string): Promise<QueueStats> {
    const queue = this.queue(queueName);
    const [counts, workers, failures] = await Promise.all([
      queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'failed'),
      queue.getWorkersCount(),
      queue.getFailed(0, FAILURES_SCANNED - 1),
    ]);
    const n = (state: string) => counts[state] ?? 0;
    return {
      queueName,
      workers,
      waiting: n('wait') + n('prioritized') + n('delayed'),
      active: n('active'),
      failed: n('failed'),
      deadLetters: failures
        .map((job) => this.info(job, 'failed'))
        .filter((info): info is JobInfo => info?.state === 'dead-letter')
        .slice(0, DEAD_LETTERS_LISTED),
    };
  }

  async cancel(queueName: string, jobId: string): Promise<void> {
    const info = await this.get(queueName, jobId);
    if (
      !info ||
      info.state === 'completed' ||
      info.state === 'failed' ||
      info.state === 'dead-letter'
    )
      return;
    const key = this.cancelledKey(queueName);
    // Marked for the worker that takes it later, told to the worker running it now.
    await this.connection
      .multi()
      .sadd(key, jobId)
      .expire(key, 7 * 24 * 3600)
      .publish(this.cancelChannel, JSON.stringify({ queueName, jobId }))
      .exec();
    // Deferred, or waiting out a retry's backoff: due at once, so that it ends as soon as
    // a worker is free rather than once its delay is over.
    const job = await Job.fromId(this.queue(queueName), jobId);
    if (job && (await job.getState()) === 'delayed') {
      await job.promote().catch(() => undefined); // taken or finished meanwhile: as it is
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((worker) => worker.close()));
    this.cancels?.disconnect();
    for (const reader of this.events.values()) {
      const opened = await reader.catch(() => null);
      if (!opened) continue;
      await closeWithin(opened.reader, opened.reader.close(), Promise.resolve(), CLOSE_GRACE_MS);
      opened.connection.disconnect();
    }
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
