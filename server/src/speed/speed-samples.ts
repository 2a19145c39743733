import type { OptionalCategory } from '@core/lighthouse-categories';
import type { SignIn } from '@core/flows/sign-in';
import crypto from 'node:crypto';
import { SPEED_MESSAGES } from '@core/messages';
import { QUEUED_RUN, type RunResult, type RunStatus, type SpeedReadiness } from '@core/speed';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { errorMessage, JobCancelledError, type Jobs } from '../jobs';
import { enqueueTo, runOn } from '../jobs/queue';
import { JobFailedError } from '../jobs/run-job';
import {
  LabRunError,
  type LabResult,
  type RunPriority,
  type Strategy,
} from '../providers/lab-speed/port';
import {
  cancelledRun,
  doneRun,
  failedRun,
  SAMPLE_ATTEMPTS,
  speedSamplesQueue,
  type LocalRuns,
  type SampleCache,
  type SampleJob,
} from './sample-queue';
import type { SampleWorker } from './sample-worker';
import { SpeedRuns } from './speed-runs';
import { SpeedTests } from './speed-tests';

/** A stored run with no job (yet, or any more): how long it counts as being queued. */
const ENQUEUE_GRACE_MS = 30_000;
/** How often an API instance without workers of its own looks for them (readiness). */
const WORKER_CHECK_MS = 10_000;

const PRIORITY: Record<RunPriority, 'interactive' | 'scheduled'> = {
  interactive: 'interactive',
  background: 'scheduled',
};

export interface SpeedSamplesDeps {
  /** The lab that measures, named in results and failures. */
  source: RunResult['source'];
  db: Db;
  clock: Clock;
  /** The queue (its owner closes it). */
  jobs: Jobs;
  cache: SampleCache;
  localRuns: LocalRuns;
  /** The worker measuring samples in this process; null on an API instance of the scale-out mode. */
  worker: SampleWorker | null;
  /** One attempt's limit. */
  timeoutMs: number;
  /** The wait before a crashed sample's second attempt. */
  retryDelayMs: number;
  log?: FastifyBaseLogger;
}

/**
 * Speed samples as the API and tracked checks use them: queued with their priority, run by
 * whichever worker takes them (SampleWorker: this process by default, `npm run worker`
 * processes in scale-out mode), followed through their stages from any instance,
 * cancellable wherever they run. Only a SERP search's cards take a result from the cache,
 * marked as such: a speed test always measures afresh. A test's run and its outcome live
 * in the database (SpeedRuns).
 */
export class SpeedSamples {
  readonly source: RunResult['source'];
  readonly cache: SampleCache;
  /** Every run of a test with its outcome, for other instances and later comparisons. */
  readonly runs: SpeedRuns;
  readonly jobs: Jobs;
  private readonly tests: SpeedTests;
  /** Streams following runs from here, ended by a drain (their clients go elsewhere). */
  private readonly streams = new Set<() => void>();
  private shuttingDown = false;
  private workersSeen: number | null = null;
  private workerCheck: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SpeedSamplesDeps) {
    this.source = deps.source;
    this.cache = deps.cache;
    this.jobs = deps.jobs;
    this.runs = new SpeedRuns(deps.db, deps.clock);
    this.tests = new SpeedTests(deps.db, deps.clock);
  }

  /** An API instance without workers of its own keeps an eye on whether any run. */
  watchWorkers(): void {
    const check = () =>
      void this.jobs.workerCount(speedSamplesQueue.name).then(
        (count) => (this.workersSeen = count),
        (error: unknown) => this.deps.log?.warn({ err: error }, 'counting speed workers failed'),
      );
    check();
    this.workerCheck = setInterval(check, WORKER_CHECK_MS);
    this.workerCheck.unref();
  }

  /**
   * Readiness counted afresh: an API instance that saw no worker at its last look asks
   * the queue again (a worker may just have started) before it refuses a test.
   */
  async readinessNow(): Promise<SpeedReadiness> {
    if (!this.deps.worker && this.workersSeen === 0)
      this.workersSeen = await this.jobs.workerCount(speedSamplesQueue.name);
    return this.readiness();
  }

  /** Whether this process measures samples itself, rather than queueing them for workers. */
  get runsSamples(): boolean {
    return this.deps.worker !== null;
  }

  /** Starts the lab's browsers before the first run, where this process measures. */
  async warm(): Promise<void> {
    await this.deps.worker?.warm();
  }

  /** Whether samples can run at all; health reports it (an API instance's last look). */
  readiness(): SpeedReadiness {
    if (this.deps.worker) return this.deps.worker.readiness();
    return this.workersSeen === 0
      ? { source: this.source, ready: false, message: SPEED_MESSAGES.noWorker }
      : { source: this.source, ready: true, message: null };
  }

  /**
   * Stores the run under its test, then queues it; resolves with its id. A SERP search's
   * card is answered at once by a result of the cache, marked as such; a speed test's
   * sample is always measured now.
   */
  async start(run: {
    testId: string;
    url: string;
    strategy: Strategy;
    sample: number;
    /** Lighthouse categories beside performance. */
    categories?: readonly OptionalCategory[];
  }): Promise<string> {
    const runId = crypto.randomUUID();
    await this.runs.create(runId, run, QUEUED_RUN);
    const reuse = await this.tests.isSearch(run.testId);
    const cached = reuse
      ? await this.cache.get(run.url, run.strategy, run.sample, run.categories)
      : null;
    if (cached) {
      await this.runs.finish(runId, doneRun(cached, true));
      return runId;
    }
    const data: SampleJob = {
      kind: 'test',
      runId,
      ...run,
      categories: run.categories?.length ? [...run.categories] : undefined,
      reuse,
      queuedAt: Date.now(),
    };
    this.deps.localRuns.add(runId, () => this.cancel(runId));
    try {
      await enqueueTo(this.jobs, speedSamplesQueue, data, {
        jobId: runId,
        attempts: SAMPLE_ATTEMPTS,
        backoff: { delayMs: this.deps.retryDelayMs },
        timeoutMs: this.deps.timeoutMs,
      });
    } catch (error) {
      // Not queued (Redis down): the stored run says so, and the caller hears it.
      this.deps.localRuns.end(runId);
      await this.runs.finish(
        runId,
        failedRun(QUEUED_RUN, SPEED_MESSAGES.notQueued(errorMessage(error)), this.source),
      );
      throw error;
    }
    return runId;
  }

  /** True once a shutdown began: the start route refuses new runs meanwhile. */
  get draining(): boolean {
    return this.shuttingDown;
  }

  /**
   * A graceful shutdown's first step: no new runs, and the ones running here get
   * `timeoutMs` to finish; those still running or waiting here then are cancelled, and
   * their streams end with them. An API instance of the scale-out mode runs nothing: it
   * ends the streams it serves at once, and their browsers reconnect to another instance.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.shuttingDown = true;
    // Every run followed here then has ended (or been cancelled): its stream ends with it.
    if (this.deps.worker) return this.deps.worker.drain(timeoutMs, this.jobs.kind === 'bullmq');
    for (const end of [...this.streams]) end();
  }

  /**
   * One sample measured afresh (never from the cache, which would repeat an earlier
   * result), at `priority`, for a tracked page's check; `withField` asks the field source
   * too (a check asks once). A job like any sample, so that in scale-out mode a worker
   * measures it. Rejects with LabRunError.
   */
  async fresh(
    url: string,
    strategy: Strategy,
    options: {
      priority: RunPriority;
      signal: AbortSignal;
      withField: boolean;
      /** Measured signed in, with the workspace's sign-in flow and secrets. */
      signIn?: { workspaceId: string; signIn: SignIn };
      /** Lighthouse categories beside performance. */
      categories?: readonly OptionalCategory[];
    },
  ): Promise<RunResult | LabResult> {
    if (this.shuttingDown) throw new LabRunError('cancelled', SPEED_MESSAGES.shuttingDown);
    const jobId = crypto.randomUUID();
    this.deps.localRuns.add(jobId, () => this.jobs.cancel(speedSamplesQueue.name, jobId));
    const data: SampleJob = {
      kind: 'fresh',
      url,
      strategy,
      withField: options.withField,
      priority: options.priority,
      queuedAt: Date.now(),
      ...(options.signIn && { signIn: options.signIn }),
      ...(options.categories?.length && { categories: [...options.categories] }),
    };
    try {
      const outcome = await runOn(this.jobs, speedSamplesQueue, data, {
        priority: PRIORITY[options.priority],
        jobId,
        attempts: SAMPLE_ATTEMPTS,
        backoff: { delayMs: this.deps.retryDelayMs },
        timeoutMs: this.deps.timeoutMs,
        signal: options.signal,
      });
      if (!outcome) throw new LabRunError('other', 'The sample ended without an outcome.');
      if (!outcome.ok) throw new LabRunError(outcome.kind, outcome.message);
      return outcome.result;
    } catch (error) {
      if (error instanceof JobCancelledError) throw new LabRunError('cancelled', error.message);
      if (error instanceof JobFailedError) throw new LabRunError('other', error.message);
      throw error;
    } finally {
      this.deps.localRuns.end(jobId);
    }
  }

  /**
   * The run's status: as stored once it ended; before that, as its job stands on
   * whichever worker has it (its latest stage while it runs).
   */
  async get(runId: string): Promise<RunStatus | null> {
    const row = await this.runs.read(runId);
    if (!row) return null;
    const stored = row.status;
    if (['done', 'error', 'cancelled'].includes(stored.status)) return stored;
    const job = await this.jobs.get(speedSamplesQueue.name, runId);
    if (!job) {
      const age = this.deps.clock.now().getTime() - Date.parse(row.createdAt);
      if (age < ENQUEUE_GRACE_MS) return stored;
      // Queued in a process that is gone, with a queue that went with it.
      return failedRun(stored, SPEED_MESSAGES.runLost, this.source);
    }
    switch (job.state) {
      case 'active':
        return {
          ...stored,
          status: 'running',
          stage:
            typeof job.progress === 'string' ? (job.progress as RunStatus['stage']) : 'loading',
        };
      case 'completed':
        // Its handler stored the outcome before completing: read again.
        return (await this.runs.read(runId))?.status ?? stored;
      case 'failed':
      case 'dead-letter':
        return failedRun(stored, job.failedReason ?? SPEED_MESSAGES.runLost, this.source);
      default:
        return stored;
    }
  }

  /**
   * Calls `listener` with the run's status at each change until it ends, wherever it
   * runs; `onGone` when this instance stops following it (a drain). Returns the unsubscribe.
   */
  async subscribe(
    runId: string,
    listener: (status: RunStatus) => void,
    onGone: () => void,
  ): Promise<() => void> {
    const unsubscribe = await this.jobs.subscribe(speedSamplesQueue.name, runId, (event) => {
      if (event.type === 'progress' && typeof event.progress === 'string') {
        listener({ ...QUEUED_RUN, status: 'running', stage: event.progress as RunStatus['stage'] });
      } else if (event.type !== 'progress') {
        void this.get(runId).then((status) => status && listener(status));
      }
    });
    const end = () => {
      stop();
      onGone();
    };
    const stop = () => {
      unsubscribe();
      this.streams.delete(end);
    };
    this.streams.add(end);
    return stop;
  }

  /**
   * Cancels a run that has not ended: stored as cancelled (the first outcome stored wins),
   * and its job stopped wherever it waits or runs. False when it had ended.
   */
  async cancel(runId: string): Promise<boolean> {
    const cancelled = await this.runs.finish(runId, cancelledRun(SPEED_MESSAGES.runCancelled));
    if (cancelled) await this.jobs.cancel(speedSamplesQueue.name, runId);
    return cancelled;
  }

  async close(): Promise<void> {
    if (this.workerCheck) clearInterval(this.workerCheck);
    await this.deps.worker?.close();
  }
}
