import type { OptionalCategory } from '@core/lighthouse-categories';
import type { FastifyBaseLogger } from 'fastify';
import type { SignIn } from '@core/flows/sign-in';
import { SIGN_IN_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import {
  QUEUED_RUN,
  type FieldResult,
  type RunErrorKind,
  type RunResult,
  type SpeedReadiness,
} from '@core/speed';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { WorkerClosedError } from '../jobs/shared';
import {
  JobCancelledError,
  JobDeferredError,
  JobTimeoutError,
  TransientJobError,
  errorMessage,
  type HandlerTools,
  type JobContext,
  type Jobs,
  type JobWorker,
} from '../jobs';
import { serveQueue } from '../jobs/queue';
import { hostOf, type HostSlots } from '../politeness';
import { fieldFailure, type FieldDataProvider } from '../providers/field-data/port';
import {
  LabRunError,
  type LabResult,
  type LabRunProfile,
  type LabSession,
  type LabSpeedProvider,
  type RunPriority,
  type Strategy,
} from '../providers/lab-speed/port';
import { Quotas } from '../quota/quotas';
import {
  cancelledRun,
  doneRun,
  failedRun,
  speedSamplesQueue,
  SAMPLE_ATTEMPTS,
  TRANSIENT,
  type FreshOutcome,
  type LocalRuns,
  type SampleCache,
  type SampleJob,
} from './sample-queue';
import { SpeedRuns } from './speed-runs';
import { SpeedTests } from './speed-tests';

/** How long a sample whose host has its limit of samples under way waits, give or take. */
const HOST_BUSY_DELAY_MS = 1000;

export interface SampleWorkerDeps {
  lab: LabSpeedProvider;
  /** Opens the session of a sample measured signed in; none: such samples fail. */
  signIns?: { open(workspaceId: string, signIn: SignIn): Promise<LabSession> };
  field: FieldDataProvider;
  db: Db;
  clock: Clock;
  cache: SampleCache;
  /** This process's runs not yet ended; a sample that ends here is taken off. */
  localRuns: LocalRuns;
  /**
   * Politeness: samples of one host measured at once, here or across every worker (the
   * worker closes it). Without it, no limit per host.
   */
  hostSlots?: HostSlots;
  log?: FastifyBaseLogger;
}

/**
 * The measuring side of speed samples: takes their jobs from the queue (in this process by
 * default, in `npm run worker` processes in scale-out mode), runs the lab and the field
 * lookup, politely per host, and stores a test's outcome; a fresh run's outcome goes back
 * with its job. A test whose page answered an HTTP error is given back.
 */
export class SampleWorker {
  private worker: JobWorker | null = null;
  private readonly runs: SpeedRuns;
  private readonly tests: SpeedTests;
  private readonly quotas: Quotas;

  constructor(private readonly deps: SampleWorkerDeps) {
    this.runs = new SpeedRuns(deps.db, deps.clock);
    this.tests = new SpeedTests(deps.db, deps.clock);
    this.quotas = new Quotas(deps.db, deps.clock);
  }

  get source(): RunResult['source'] {
    return this.deps.lab.source;
  }

  /** Takes the queue's samples here, `concurrency` at a time (the lab's pool bounds them too). */
  serve(jobs: Jobs, concurrency: number): void {
    this.worker = serveQueue(jobs, speedSamplesQueue, concurrency, (job, tools) =>
      this.handle(job, tools),
    );
  }

  /** Starts the lab's browsers before the first run. */
  async warm(): Promise<void> {
    await this.deps.lab.warm?.();
  }

  readiness(): SpeedReadiness {
    return { source: this.deps.lab.source, ...this.deps.lab.readiness() };
  }

  /**
   * Takes no more samples and gives the running ones `timeoutMs` to finish. A worker on a
   * shared queue then hands what still runs back, for another worker; a process with its
   * own queue cancels what it will not run (nobody else would).
   */
  async drain(timeoutMs: number, sharedQueue: boolean): Promise<void> {
    if (!this.worker) return;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    const closing = this.worker.close();
    await Promise.race([closing, timeUp]);
    clearTimeout(timer);
    if (sharedQueue) {
      closing.catch(() => undefined);
      await this.worker.close({ force: true });
    } else {
      await this.deps.localRuns.cancelAll();
      await closing;
    }
  }

  async close(): Promise<void> {
    await this.worker?.close({ force: true });
    await this.deps.hostSlots?.close();
    await this.deps.lab.close();
  }

  /**
   * A configured field source (CrUX) wins; without one, PSI's loadingExperience that came
   * with the lab result; otherwise none. A provider that throws is a failed lookup.
   */
  private async fieldFor(url: string, strategy: Strategy, lab: Promise<LabResult>) {
    const { field } = this.deps;
    if (field.source === 'none') {
      const fromLab = await lab.then((result) => result.field).catch(() => undefined);
      if (fromLab) return fromLab;
    }
    return field
      .fetch(url, strategy)
      .catch((error: unknown): FieldResult => fieldFailure(field.source, errorMessage(error)));
  }

  /** The session a signed-in sample is measured in, its secrets opened for it alone. */
  private sessionOf(signIn: NonNullable<Extract<SampleJob, { kind: 'fresh' }>['signIn']>) {
    if (!this.deps.signIns) throw new LabRunError('other', SIGN_IN_MESSAGES.signInNeedsLocalLab);
    return this.deps.signIns.open(signIn.workspaceId, signIn.signIn);
  }

  private async measure(
    url: string,
    strategy: Strategy,
    signal: AbortSignal,
    onStage: (stage: string) => void,
    withField: boolean,
    priority: RunPriority = 'interactive',
    session?: LabSession,
    categories: readonly OptionalCategory[] = [],
  ): Promise<LabResult> {
    return this.politely(url, async () => {
      // A lab that does not say when it measured measured now.
      const lab = this.deps.lab
        .run({
          url,
          strategy,
          signal,
          priority,
          onStage,
          ...(session && { session }),
          ...(categories.length > 0 && { categories }),
        })
        .then((result) => ({
          ...result,
          measuredAt: result.measuredAt ?? this.deps.clock.now().toISOString(),
        }));
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
    const { hostSlots } = this.deps;
    if (!hostSlots) return work();
    const host = hostOf(url);
    let release: (() => Promise<void>) | null;
    try {
      release = await hostSlots.tryAcquire(host);
    } catch (error) {
      // The slots' store (Redis) failed: the lab did not run, a retry may.
      throw new LabRunError('crashed', `No measuring slot for ${host}: ${errorMessage(error)}`);
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
  private async handle(
    job: JobContext<SampleJob>,
    tools: HandlerTools,
  ): Promise<FreshOutcome | null> {
    const { data } = job;
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
      return {
        kind: error instanceof LabRunError ? error.kind : 'other',
        message: errorMessage(error),
      };
    };
    const onStage = (stage: string) => void tools.reportProgress(stage).catch(() => undefined);
    const queueMs =
      data.queuedAt === undefined ? undefined : Math.max(0, Date.now() - data.queuedAt);
    if (data.kind === 'fresh') {
      try {
        const session = data.signIn && (await this.sessionOf(data.signIn));
        const { profile, ...result } = await this.measure(
          data.url,
          data.strategy,
          tools.signal,
          onStage,
          data.withField,
          data.priority,
          session,
          data.categories,
        );
        this.logProfile(job.id, data.url, { queueMs, ...profile });
        return { ok: true, result };
      } catch (error) {
        const { kind, message } = failure(error);
        if (TRANSIENT.includes(kind) && !lastAttempt) throw new TransientJobError(message);
        return { ok: false, kind, message };
      }
    }
    // Cancelled while it waited, or removed with its test: nothing to measure.
    const stored = await this.runs.read(data.runId);
    if (!stored || stored.status.status === 'cancelled') {
      this.deps.localRuns.end(data.runId);
      return null;
    }
    const { cache } = this.deps;
    try {
      const categories = data.categories ?? [];
      const cached = data.reuse
        ? await cache.get(data.url, data.strategy, data.sample, categories)
        : null;
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
          'interactive',
          undefined,
          categories,
        )) as RunResult & Pick<LabResult, 'profile'>);
      const storing = performance.now();
      // A failed field lookup is not kept: the next search asks again.
      if (!cached && !result.field.error)
        await cache.set(data.url, data.strategy, data.sample, result, categories);
      await this.runs.finish(data.runId, doneRun(result, cached !== null));
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
        kind === 'cancelled'
          ? cancelledRun(message)
          : failedRun(QUEUED_RUN, message, this.source, kind),
      );
      if (ended && kind === 'http_status') await this.giveBack(data.runId);
    }
    // Ended (a retry, a deferral or a handed-back job is still pending).
    this.deps.localRuns.end(data.runId);
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
    this.deps.log?.info({ runId, url, profile: rounded }, 'speed sample measured');
  }

  /**
   * A page that answered an HTTP error was not measured: its test is given back to the
   * month it was charged to (once, whichever of its samples saw the error first).
   */
  private async giveBack(runId: string): Promise<void> {
    const charge = await this.tests.releaseCharge(runId);
    if (charge) await this.quotas.refund(charge.subject, 'speed', 1, charge.period);
  }
}
