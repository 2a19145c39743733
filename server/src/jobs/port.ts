/**
 * The jobs port: work that outlives a request (speed samples, page-facts batches, scrape
 * pages, scheduled tracking checks) goes through a queue, run by workers in this process
 * (the default) or in `npm run worker` processes sharing Redis (scale-out mode). Data,
 * results and progress must survive JSON: a BullMQ job crosses machines.
 */

/** Interactive jobs (a person waits) go before scheduled ones (tracked pages' checks). */
export type JobPriority = 'interactive' | 'scheduled';

/**
 * Where a job stands. `waiting` includes a job whose failed attempt waits out its backoff
 * before the next one (then `attemptsMade` and `failedReason` say so), and a job whose
 * handler deferred it (JobDeferredError) until its delay has passed. `failed`: a
 * permanent error ended it at once. `dead-letter`: transient failures (or timeouts) used
 * up all its attempts; it stays there for the API to report and an operator to look at.
 */
export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'dead-letter';

/** A progress report: a stage name, a fraction, or a small JSON object. */
export type JobProgress = string | number | boolean | Record<string, unknown>;

export interface EnqueueOptions {
  priority: JobPriority;
  /**
   * The job's id; another enqueue with the same id while the job is kept is ignored (no
   * duplicate run). Without it, a random UUID.
   */
  jobId?: string;
  /** Runs at most, the first included (1: no retry). */
  attempts: number;
  /** Exponential backoff between attempts: `delayMs`, then twice that, four times… */
  backoff: { delayMs: number };
  /**
   * One attempt's limit: the handler's signal is aborted then and the attempt counts as a
   * transient failure (retried while attempts remain), even if the handler ignores it.
   */
  timeoutMs: number;
}

/** What a handler is given of its job. */
export interface JobContext<Data> {
  id: string;
  queueName: string;
  data: Data;
  /** 1 on the first run, 2 on the first retry…; a deferral (JobDeferredError) keeps it. */
  attempt: number;
}

export interface HandlerTools {
  /**
   * Aborted when the attempt times out or the worker is closed with `force`: stop work,
   * free the browser and the sockets. Its reason says which.
   */
  signal: AbortSignal;
  /** Tells the job's subscribers, wherever they run; the latest is kept on the job. */
  reportProgress(progress: JobProgress): Promise<void>;
}

/**
 * Runs one attempt: resolves with the result, or throws. A TransientJobError (a network
 * blip, a 429 or 5xx, a busy browser) is retried with backoff while attempts remain; a
 * JobDeferredError puts the job back for later without spending the attempt; any other
 * error is permanent and ends the job as `failed` with its message.
 */
export type JobHandler<Data, Result> = (
  job: JobContext<Data>,
  tools: HandlerTools,
) => Promise<Result>;

/** A failure worth another attempt; its message is what users and operators read. */
export class TransientJobError extends Error {
  override readonly name = 'TransientJobError';
}

/**
 * Thrown by a handler that cannot do its work now (say its host already has its limit of
 * samples being measured) and should not hold its worker's slot meanwhile: the job goes
 * back to `waiting` for `delayMs`, then is taken again at its priority, by any worker, and
 * another job may run on the slot in the meantime. The attempt is not counted:
 * `attemptsMade` is unchanged and the next run's `attempt` is the same number, so a job
 * may defer any number of times. No failed event is published (subscribers keep waiting)
 * and `failedReason` is not changed (`reason` is not kept on the job). A job cancelled while
 * deferred ends `failed` with JobCancelledError's message, its handler not run again. An
 * attempt that timed out or was cancelled before the handler threw this ends as such.
 */
export class JobDeferredError extends Error {
  override readonly name = 'JobDeferredError';
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The error a timed-out attempt's signal is aborted with and the attempt fails with. */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The job took longer than ${timeoutMs} ms.`);
  }
}

/**
 * A cancelled job's failure reason. A cancel reaches the job's subscribers, even across
 * Redis, as this reason alone; `runJob` reads it back as a JobCancelledError.
 */
export const JOB_CANCELLED_REASON = 'The job was cancelled.';

/** The error a cancelled job's signal is aborted with and the job fails with, not retried. */
export class JobCancelledError extends Error {
  override readonly name = 'JobCancelledError';
  constructor() {
    super(JOB_CANCELLED_REASON);
  }
}

export interface JobInfo<Result = unknown> {
  id: string;
  queueName: string;
  state: JobState;
  priority: JobPriority;
  /**
   * Attempts that ended (failed or succeeded); a crashed worker's attempt and a deferred
   * run (JobDeferredError) do not count.
   */
  attemptsMade: number;
  attempts: number;
  /** The latest failed attempt's message, kept after a successful retry; null if none. */
  failedReason: string | null;
  /** The latest progress reported; null before the first. */
  progress: JobProgress | null;
  /** The handler's result once `completed`; null otherwise. */
  result: Result | null;
}

/** Dead-letter jobs a queue's stats list at most, newest first. */
export const DEAD_LETTERS_LISTED = 20;
/** How many of the latest kept failures the stats look through for dead letters. */
export const FAILURES_SCANNED = 100;

/** A queue at a glance, for operators: what waits, what runs, what failed for good. */
export interface QueueStats {
  queueName: string;
  /** Workers serving it now, in every process. */
  workers: number;
  /** Jobs waiting their turn, a retry's backoff or a deferral's delay. */
  waiting: number;
  active: number;
  /** Failed jobs still kept: permanent failures and dead letters. */
  failed: number;
  /**
   * The latest dead-letter jobs (attempts used up by transient failures or timeouts)
   * among the last FAILURES_SCANNED failures kept, newest first, at most
   * DEAD_LETTERS_LISTED.
   */
  deadLetters: JobInfo[];
}

/** What a subscriber hears of one job, from whichever worker runs it. */
export type JobEvent<Result = unknown> =
  | { type: 'progress'; jobId: string; progress: JobProgress }
  | { type: 'completed'; jobId: string; result: Result }
  | { type: 'failed'; jobId: string; state: 'failed' | 'dead-letter'; reason: string };

/** A worker started by `process`. */
export interface JobWorker {
  /**
   * Takes no more jobs. By default waits for the running ones to settle. With `force`,
   * returns at once: running handlers' signals are aborted and their jobs, whose outcome
   * is then ignored, go back to the queue for another worker as a crashed worker's would
   * (in this process at once; on Redis once the lock runs out), without using an attempt.
   */
  close(options?: { force?: boolean }): Promise<void>;
}

export interface Jobs {
  /** 'in-process' or 'bullmq', for health and the logs. */
  readonly kind: 'in-process' | 'bullmq';

  /** Queues a job; resolves with its id once it is stored. */
  enqueue<Data>(queueName: string, data: Data, options: EnqueueOptions): Promise<string>;

  /**
   * Runs the queue's jobs here, `concurrency` at a time, interactive before scheduled, in
   * the order they came within a priority. Several workers (here or in other processes)
   * may serve one queue; a job runs on one of them at a time.
   */
  process<Data, Result>(
    queueName: string,
    concurrency: number,
    handler: JobHandler<Data, Result>,
  ): JobWorker;

  /** The job's state, or null when it is unknown (never queued, or no longer kept). */
  get<Result = unknown>(queueName: string, jobId: string): Promise<JobInfo<Result> | null>;

  /**
   * Calls `listener` with the job's progress and its end, from the moment this resolves:
   * read `get` after subscribing to learn what came before. Returns the unsubscribe.
   */
  subscribe<Result = unknown>(
    queueName: string,
    jobId: string,
    listener: (event: JobEvent<Result>) => void,
  ): Promise<() => void>;

  /**
   * Cancels the job wherever it is: a running attempt's signal is aborted with
   * JobCancelledError on whichever worker runs it, a waiting job fails as a worker takes it
   * (or at once, here); either way it ends `failed` without another attempt, and its
   * subscribers hear so. A finished or unknown job is left as it is.
   */
  cancel(queueName: string, jobId: string): Promise<void>;

  /** How many workers serve the queue now, in every process: none means nothing runs. */
  workerCount(queueName: string): Promise<number>;

  /** The queue's counts and latest dead letters, wherever its jobs are. */
  stats(queueName: string): Promise<QueueStats>;

  /** Closes workers (gracefully), subscriptions and connections. */
  close(): Promise<void>;
}

/** Delay before attempt `attempt + 1` after attempt number `attempt` failed. */
export function backoffDelay(backoff: EnqueueOptions['backoff'], attempt: number): number {
  return Math.round(backoff.delayMs * 2 ** (attempt - 1));
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
