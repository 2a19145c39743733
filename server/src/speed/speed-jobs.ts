import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SPEED_MESSAGES } from '@core/messages';
import {
  QUEUED_RUN,
  runResultSchema,
  type FieldResult,
  type RunErrorKind,
  type RunResult,
  type RunStatus,
  type SpeedReadiness,
} from '@core/speed';
import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';
import { InProcessJobs } from '../jobs/in-process-jobs';
import { JobFailedError, runJob } from '../jobs/run-job';
import { WorkerClosedError } from '../jobs/shared';
import {
  JobCancelledError,
  JobDeferredError,
  JobTimeoutError,
  TransientJobError,
  type JobContext,
  type Jobs,
  type JobWorker,
  type HandlerTools,
} from '../jobs';
import { hostOf, type HostSlots } from '../politeness';
import { TtlCache } from '../retention/ttl-cache';
import { fieldFailure, type FieldDataProvider } from '../providers/field-data/port';
import {
  LabRunError,
  type LabResult,
  type LabRunProfile,
  type LabSpeedProvider,
  type RunPriority,
  type Strategy,
} from '../providers/lab-speed/port';
import { Quotas } from '../quota/quotas';
import { SpeedRuns } from './speed-runs';
import { SpeedTests } from './speed-tests';

/** The queue of speed samples, served by this process or by `npm run worker` processes. */
export const SPEED_QUEUE = 'speed-samples';
/** A sample crashed (a browser died, PSI failed) is tried once more before it fails. */
const SAMPLE_ATTEMPTS = 2;
const RETRY_DELAY_MS = 2000;
/** A stored run with no job (yet, or any more): how long it counts as being queued. */
const ENQUEUE_GRACE_MS = 30_000;
/** Failures worth another attempt: the lab broke, not the page. */
const TRANSIENT: readonly RunErrorKind[] = ['crashed', 'provider'];
/** How long a sample whose host has its limit of samples under way waits, give or take. */
const HOST_BUSY_DELAY_MS = 1000;
/** How often an API instance without workers of its own looks for them (readiness). */
const WORKER_CHECK_MS = 10_000;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A run that ended cancelled, with why. */
const cancelledRun = (message: string): RunStatus => ({
  ...QUEUED_RUN,
  status: 'cancelled',
  stage: 'cancelled',
  error: message,
  errorKind: 'cancelled',
});

const strategySchema = z.enum(['mobile', 'desktop']);

/**
 * What a sample's job carries: a speed test's run (stored), or a tracked check's fresh run.
 * Checked on receipt: in scale-out mode it crosses Redis, from an API instance that may run
 * another version.
 */
const sampleJobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('test'),
    runId: z.string().uuid(),
    url: z.string(),
    strategy: strategySchema,
    sample: z.number().int().positive(),
    /** A SERP card may show a result measured shortly before; a speed test never. */
    reuse: z.boolean(),
    /** When it was queued (epoch ms), for the time it waited; absent from older jobs. */
    queuedAt: z.number().optional(),
  }),
  z.object({
    kind: z.literal('fresh'),
    url: z.string(),
    strategy: strategySchema,
    withField: z.boolean(),
    priority: z.enum(['interactive', 'background']),
    queuedAt: z.number().optional(),
  }),
]);
type SampleJob = z.infer<typeof sampleJobSchema>;

/** A fresh run's outcome as its job returns it: a page that fails is an answer too. */
type FreshOutcome =
  { ok: true; result: RunResult | LabResult } | { ok: false; kind: RunErrorKind; message: string };

const PRIORITY: Record<RunPriority, 'interactive' | 'scheduled'> = {
  interactive: 'interactive',
  background: 'scheduled',
};

export interface SpeedJobsOptions {
  cacheMaxEntries?: number;
  log?: FastifyBaseLogger;
  /** The queue (its owner closes it); by default one of the engine's own. */
  jobs?: Jobs;
  /**
   * Runs samples here (the default, and `npm run worker`); an API instance in scale-out
   * mode only queues them for the workers.
   */
  runJobs?: boolean;
  /** Samples run at once here; the lab's own pool bounds them too. */
  concurrency?: number;
  timeoutMs?: number;
  /**
   * Politeness: samples of one host measured at once, here or across every worker (the
   * engine closes it). Without it, no limit per host.
   */
  hostSlots?: HostSlots;
}

/**
 * Speed samples as jobs on the jobs port: queued with their priority, run by whichever
 * worker takes them (this process by default, `npm run worker` processes in scale-out
 * mode), followed through their stages from any instance, cancellable wherever they run.
 * Every result is cached per URL, device, source and sample number (so the samples of one
 * test stay separate runs), but only a SERP search's cards take a result from the cache,
 * marked as such: a speed test always measures afresh. A test's run and its outcome live
 * in the database (SpeedRuns); a test whose page answered an HTTP error is given back.
 */
export class SpeedJobs {
  /** Results per URL, device, source and sample, each with its filmstrip; capped in count. */
  readonly cache: TtlCache<RunResult>;
  /** Every run of a test with its outcome, for other instances and later comparisons. */
  readonly runs: SpeedRuns;
  private readonly tests: SpeedTests;
  private readonly quotas: Quotas;
  readonly jobs: Jobs;
  /** The engine's own queue (none was given): closed with it. */
  private readonly ownsJobs: boolean;
  private readonly worker: JobWorker | null;
  private readonly timeoutMs: number;
  private readonly hostSlots: HostSlots | null;
  /**
   * This process's jobs not yet ended, each with its cancel: a drain of a process that
   * runs its own queue cancels what it will not run (nobody else would).
   */
  private readonly pending = new Map<string, () => Promise<unknown>>();
  /** Streams following runs from here, ended by a drain (their clients go elsewhere). */
  private readonly streams = new Set<() => void>();
  private shuttingDown = false;
  private workersSeen: number | null = null;
  private workerCheck: NodeJS.Timeout | null = null;
  private readonly log?: FastifyBaseLogger;

  constructor(
    readonly lab: LabSpeedProvider,
    private readonly field: FieldDataProvider,
    db: Db,
    private readonly clock: Clock,
    cacheTtlMinutes: number,
    options: SpeedJobsOptions = {},
  ) {
    this.log = options.log;
    this.runs = new SpeedRuns(db, clock);
    this.tests = new SpeedTests(db, clock);
    this.quotas = new Quotas(db, clock);
    this.cache = new TtlCache(db, clock, {
      table: 'speed_cache',
      ttlMinutes: cacheTtlMinutes,
      maxEntries: options.cacheMaxEntries,
      // Entries written before a schema change (e.g. field data without its source, a
      // result without its time of measurement) are misses.
      read: (json) => {
        const result = runResultSchema.safeParse(json).data;
        return result?.measuredAt ? result : null;
      },
    });
    this.ownsJobs = !options.jobs;
    this.jobs = options.jobs ?? new InProcessJobs();
    this.timeoutMs = options.timeoutMs ?? 600_000;
    this.hostSlots = options.hostSlots ?? null;
    this.worker =
      options.runJobs === false
        ? null
        : this.jobs.process<unknown, unknown>(
            SPEED_QUEUE,
            options.concurrency ?? 64,
            (job, tools) => this.handle(job, tools),
          );
    if (!this.worker) this.watchWorkers();
  }

  private cacheKey(url: string, strategy: Strategy, sample: number): string {
    return crypto
      .createHash('sha256')
      .update(JSON.stringify([url, strategy, this.lab.source, sample]))
      .digest('hex');
  }

  /** An API instance without workers of its own keeps an eye on whether any run. */
  private watchWorkers(): void {
    const check = () =>
      void this.jobs.workerCount(SPEED_QUEUE).then(
        (count) => (this.workersSeen = count),
        (error: unknown) => this.log?.warn({ err: error }, 'counting speed workers failed'),
      );
    check();
    this.workerCheck = setInterval(check, WORKER_CHECK_MS);
    this.workerCheck.unref();
  }

  /** `run` ended in failure, with why, the kind and this engine's lab as its source. */
  private failedRun(run: RunStatus, message: string, kind: RunErrorKind = 'other'): RunStatus {
    return {
      ...run,
      status: 'error',
      stage: 'error',
      error: message,
      errorKind: kind,
      errorSource: this.lab.source,
    };
  }

  /**
   * Readiness counted afresh: an API instance that saw no worker at its last look asks
   * the queue again (a worker may just have started) before it refuses a test.
   */
  async readinessNow(): Promise<SpeedReadiness> {
    if (!this.worker && this.workersSeen === 0)
      this.workersSeen = await this.jobs.workerCount(SPEED_QUEUE);
    return this.readiness();
  }

  /** Whether this process measures samples itself, rather than queueing them for workers. */
  get runsSamples(): boolean {
    return this.worker !== null;
  }

  /** Starts the lab's browsers before the first run, where this process measures. */
  async warm(): Promise<void> {
    if (this.worker) await this.lab.warm?.();
  }

  /** Whether samples can run at all; health reports it (an API instance's last look). */
  readiness(): SpeedReadiness {
    if (this.worker) return { source: this.lab.source, ...this.lab.readiness() };
    return this.workersSeen === 0
      ? { source: this.lab.source, ready: false, message: SPEED_MESSAGES.noWorker }
      : { source: this.lab.source, ready: true, message: null };
  }

  /**
   * A configured field source (CrUX) wins; without one, PSI's loadingExperience that came
   * with the lab result; otherwise none. A provider that throws is a failed lookup.
   */
  private async fieldFor(url: string, strategy: Strategy, lab: Promise<LabResult>) {
    if (this.field.source === 'none') {
      const fromLab = await lab.then((result) => result.field).catch(() => undefined);
      if (fromLab) return fromLab;
    }
    return this.field
      .fetch(url, strategy)
      .catch((error: unknown): FieldResult => fieldFailure(this.field.source, reason(error)));
  }

  private async measure(
    url: string,
    strategy: Strategy,
    signal: AbortSignal,
    onStage: (stage: string) => void,
    withField: boolean,
    priority: RunPriority = 'interactive',
  ): Promise<LabResult> {
    return this.politely(url, async () => {
      // A lab that does not say when it measured measured now.
      const lab = this.lab
        .run({ url, strategy, signal, priority, onStage })
        .then((result) => ({ ...result, measuredAt: result.measuredAt ?? this.now() }));
      if (!withField) return lab;
      const [measured, field] = await Promise.all([lab, this.fieldFor(url, strategy, lab)]);
      return { ...measured, field };
    });
  }

  /**
   * Runs `work` in a slot of the URL's host. A host at its limit sends the job back to the
   * queue for a while (no attempt spent): the worker measures other pages meanwhile.
   */
  private async politely<T>(url: string, work: () => Promise<T>): Promise<T> {
    if (!this.hostSlots) return work();
    const host = hostOf(url);
    let release: (() => Promise<void>) | null;
    try {
      release = await this.hostSlots.tryAcquire(host);
    } catch (error) {
      // The slots' store (Redis) failed: the lab did not run, a retry may.
      throw new LabRunError('crashed', `No measuring slot for ${host}: ${reason(error)}`);
    }
    if (!release) {
      const delayMs = Math.round(HOST_BUSY_DELAY_MS * (0.75 + Math.random() / 2));
      throw new JobDeferredError(delayMs, `${host} is being measured by other samples.`);
    }
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** One sample's job, on whichever worker took it. */
  private async handle(job: JobContext<unknown>, tools: HandlerTools): Promise<unknown> {
    const parsed = sampleJobSchema.safeParse(job.data);
    // A permanent failure: no attempt would read it better.
    if (!parsed.success) throw new Error(`Not a speed sample job: ${parsed.error.message}`);
    const data = parsed.data;
    const lastAttempt = job.attempt >= SAMPLE_ATTEMPTS;
    const failure = (error: unknown): { kind: RunErrorKind; message: string } => {
      const why: unknown = tools.signal.reason;
      // A worker shutting down hands the job back to the queue: nothing happened to it;
      // nor to a sample whose host is busy.
      if (why instanceof WorkerClosedError || error instanceof JobDeferredError) throw error;
      // A cancel or the job's time limit reaches the lab as an aborted signal.
      if (why instanceof JobCancelledError)
        return { kind: 'cancelled', message: SPEED_MESSAGES.runCancelled };
      if (why instanceof JobTimeoutError) return { kind: 'timeout', message: why.message };
      return { kind: error instanceof LabRunError ? error.kind : 'other', message: reason(error) };
    };
    const onStage = (stage: string) => void tools.reportProgress(stage).catch(() => undefined);
    const queueMs =
      data.queuedAt === undefined ? undefined : Math.max(0, Date.now() - data.queuedAt);
    if (data.kind === 'fresh') {
      try {
        const { profile, ...result } = await this.measure(
          data.url,
          data.strategy,
          tools.signal,
          onStage,
          data.withField,
          data.priority,
        );
        this.logProfile(job.id, data.url, { queueMs, ...profile });
        return { ok: true, result } satisfies FreshOutcome;
      } catch (error) {
        const { kind, message } = failure(error);
        if (TRANSIENT.includes(kind) && !lastAttempt) throw new TransientJobError(message);
        return { ok: false, kind, message } satisfies FreshOutcome;
      }
    }
    // Cancelled while it waited: nothing to measure.
    const stored = await this.runs.read(data.runId);
    if (stored?.status.status === 'cancelled') {
      this.pending.delete(data.runId);
      return null;
    }
    try {
      const key = this.cacheKey(data.url, data.strategy, data.sample);
      const cached = data.reuse ? await this.cache.get(key) : null;
      let result: RunResult;
      let profile: LabRunProfile | undefined;
      if (cached) result = cached;
      else
        ({ profile, ...result } = (await this.measure(
          data.url,
          data.strategy,
          tools.signal,
          onStage,
          true,
        )) as RunResult & Pick<LabResult, 'profile'>);
      const storing = performance.now();
      // A failed field lookup is not kept: the next search asks again.
      if (!cached && !result.field.error) await this.cache.set(key, result);
      await this.runs.finish(data.runId, {
        ...QUEUED_RUN,
        status: 'done',
        stage: 'done',
        result,
        cached: cached !== null,
      });
      if (!cached)
        this.logProfile(data.runId, data.url, {
          queueMs,
          ...profile,
          storeMs: performance.now() - storing,
        });
    } catch (error) {
      const { kind, message } = failure(error);
      if (TRANSIENT.includes(kind) && !lastAttempt) throw new TransientJobError(message);
      const ended = await this.runs.finish(
        data.runId,
        kind === 'cancelled' ? cancelledRun(message) : this.failedRun(QUEUED_RUN, message, kind),
      );
      if (ended && kind === 'http_status') await this.giveBack(data.runId);
    }
    // Ended (a retry, a deferral or a handed-back job is still pending).
    this.pending.delete(data.runId);
    return null;
  }

  /**
   * Where a measured sample's time went (ms; the lab's own steps where it reports them),
   * for operators following the lab's load, and the SERP analysis bench.
   */
  private logProfile(
    runId: string,
    url: string,
    profile: Partial<LabRunProfile> & { queueMs?: number; storeMs?: number },
  ): void {
    const rounded = Object.fromEntries(
      Object.entries(profile).flatMap(([step, value]) =>
        value === undefined ? [] : [[step, Math.round(value)]],
      ),
    );
    this.log?.info({ runId, url, profile: rounded }, 'speed sample measured');
  }

  /** An ISO time of now, for a result whose lab did not say when it measured. */
  private now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * A page that answered an HTTP error was not measured: its test is given back to the
   * month it was charged to (once, whichever of its samples saw the error first).
   */
  private async giveBack(runId: string): Promise<void> {
    const charge = await this.tests.releaseCharge(runId);
    if (charge) await this.quotas.refund(charge.subject, 'speed', 1, charge.period);
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
  }): Promise<string> {
    const runId = crypto.randomUUID();
    await this.runs.create(runId, run, QUEUED_RUN);
    const reuse = await this.tests.isSearch(run.testId);
    const cached = reuse
      ? await this.cache.get(this.cacheKey(run.url, run.strategy, run.sample))
      : null;
    if (cached) {
      await this.runs.finish(runId, {
        ...QUEUED_RUN,
        status: 'done',
        stage: 'done',
        result: cached,
        cached: true,
      });
      return runId;
    }
    const data: SampleJob = { kind: 'test', runId, ...run, reuse, queuedAt: Date.now() };
    this.pending.set(runId, () => this.cancel(runId));
    try {
      await this.jobs.enqueue(SPEED_QUEUE, data, {
        priority: 'interactive',
        jobId: runId,
        attempts: SAMPLE_ATTEMPTS,
        backoff: { delayMs: RETRY_DELAY_MS },
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      // Not queued (Redis down): the stored run says so, and the caller hears it.
      this.pending.delete(runId);
      await this.runs.finish(
        runId,
        this.failedRun(QUEUED_RUN, SPEED_MESSAGES.notQueued(reason(error))),
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
    if (this.worker) {
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      const closing = this.worker.close();
      await Promise.race([closing, timeUp]);
      clearTimeout(timer);
      // A worker on a shared queue hands its running jobs back, for another worker; a
      // process with its own queue cancels what it will not run (nobody else would).
      if (this.jobs.kind === 'bullmq') {
        closing.catch(() => undefined);
        await this.worker.close({ force: true });
      } else {
        await Promise.all([...this.pending.values()].map((cancel) => cancel()));
        await closing;
      }
      // Every run followed here has ended (or been cancelled): its stream ends with it.
      return;
    }
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
    options: { priority: RunPriority; signal: AbortSignal; withField: boolean },
  ): Promise<RunResult | LabResult> {
    if (this.shuttingDown) throw new LabRunError('cancelled', SPEED_MESSAGES.shuttingDown);
    const jobId = crypto.randomUUID();
    this.pending.set(jobId, () => this.jobs.cancel(SPEED_QUEUE, jobId));
    const data: SampleJob = {
      kind: 'fresh',
      url,
      strategy,
      withField: options.withField,
      priority: options.priority,
      queuedAt: Date.now(),
    };
    try {
      const outcome = await runJob<SampleJob, FreshOutcome>(this.jobs, SPEED_QUEUE, data, {
        priority: PRIORITY[options.priority],
        jobId,
        attempts: SAMPLE_ATTEMPTS,
        backoff: { delayMs: RETRY_DELAY_MS },
        timeoutMs: this.timeoutMs,
        signal: options.signal,
      });
      if (!outcome.ok) throw new LabRunError(outcome.kind, outcome.message);
      return outcome.result;
    } catch (error) {
      if (!(error instanceof JobFailedError)) throw error;
      throw new LabRunError(error.cancelled ? 'cancelled' : 'other', error.message);
    } finally {
      this.pending.delete(jobId);
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
    const job = await this.jobs.get(SPEED_QUEUE, runId);
    if (!job) {
      const age = this.clock.now().getTime() - Date.parse(row.createdAt);
      if (age < ENQUEUE_GRACE_MS) return stored;
      // Queued in a process that is gone, with a queue that went with it.
      return this.failedRun(stored, SPEED_MESSAGES.runLost);
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
        return this.failedRun(stored, job.failedReason ?? SPEED_MESSAGES.runLost);
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
    const unsubscribe = await this.jobs.subscribe(SPEED_QUEUE, runId, (event) => {
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
    if (cancelled) await this.jobs.cancel(SPEED_QUEUE, runId);
    return cancelled;
  }

  async close(): Promise<void> {
    if (this.workerCheck) clearInterval(this.workerCheck);
    await this.worker?.close({ force: true });
    if (this.ownsJobs) await this.jobs.close();
    await this.hostSlots?.close();
    await this.lab.close();
  }
}
