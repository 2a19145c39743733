import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SPEED_MESSAGES } from '@core/messages';
import {
  QUEUED_RUN,
  runResultSchema,
  type FieldResult,
  type RunResult,
  type RunStatus,
  type SpeedReadiness,
} from '@core/speed';
import type { Clock } from '../auth/clock';
import type { Db } from '../db/connect';
import { SpeedRuns } from './speed-runs';
import { TtlCache } from '../retention/ttl-cache';
import { fieldFailure, type FieldDataProvider } from '../providers/field-data/port';
import {
  LabRunError,
  type LabResult,
  type LabSpeedProvider,
  type RunPriority,
  type Strategy,
} from '../providers/lab-speed/port';

interface Job {
  status: RunStatus;
  listeners: Set<(status: RunStatus) => void>;
  abort: AbortController;
  finishedAt: number | null;
}

const KEEP_FINISHED_MS = 10 * 60_000;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Speed samples as jobs in this process: started at once, run on the lab provider's
 * bounded pool, followed through their stages, cancellable, and cached per URL, device,
 * source and sample number (so the samples of one test stay separate runs).
 */
export class SpeedJobs {
  private readonly jobs = new Map<string, Job>();
  /** Runs not yet settled (done, failed or cancelled), for a shutdown to wait on. */
  private readonly running = new Set<Promise<void>>();
  private shuttingDown = false;
  /** Aborted when a shutdown stops waiting: fresh runs (no job to cancel) end with it. */
  private readonly stopping = new AbortController();

  /** Results per URL, device, source and sample, each with its filmstrip; capped in count. */
  readonly cache: TtlCache<RunResult>;
  /** Every run of a test with its outcome, for other instances and later comparisons. */
  readonly runs: SpeedRuns;

  constructor(
    readonly lab: LabSpeedProvider,
    private readonly field: FieldDataProvider,
    db: Db,
    clock: Clock,
    cacheTtlMinutes: number,
    cacheMaxEntries?: number,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.runs = new SpeedRuns(db, clock);
    this.cache = new TtlCache(db, clock, {
      table: 'speed_cache',
      ttlMinutes: cacheTtlMinutes,
      maxEntries: cacheMaxEntries,
      // Entries written before a schema change (e.g. field data without its source) are misses.
      read: (json) => runResultSchema.safeParse(json).data ?? null,
    });
  }

  private cacheKey(url: string, strategy: Strategy, sample: number): string {
    return crypto
      .createHash('sha256')
      .update(JSON.stringify([url, strategy, this.lab.source, sample]))
      .digest('hex');
  }

  /** Whether samples can run at all; the start route and health report it. */
  readiness(): SpeedReadiness {
    return { source: this.lab.source, ...this.lab.readiness() };
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

  private emit(job: Job, patch: Partial<RunStatus>): void {
    job.status = { ...job.status, ...patch };
    for (const listener of job.listeners) listener(job.status);
  }

  /** Stores the run under its test, then starts it; resolves with its id. */
  async start(run: {
    testId: string;
    url: string;
    strategy: Strategy;
    sample: number;
  }): Promise<string> {
    const runId = crypto.randomUUID();
    await this.runs.create(runId, run, QUEUED_RUN);
    const job: Job = {
      status: QUEUED_RUN,
      listeners: new Set(),
      abort: new AbortController(),
      finishedAt: null,
    };
    this.jobs.set(runId, job);
    this.prune();
    const execution = this.execute(job, run.url, run.strategy, run.sample)
      .then(() => this.runs.finish(runId, job.status))
      // The live status still answers here; other instances see the run as unfinished.
      .catch((error: unknown) => this.log?.error({ err: error, runId }, 'storing a run failed'))
      .finally(() => this.running.delete(execution));
    this.running.add(execution);
    return runId;
  }

  /** True once a shutdown began: the start route refuses new runs meanwhile. */
  get draining(): boolean {
    return this.shuttingDown;
  }

  /**
   * A graceful shutdown's first step: no new runs, and the running ones get `timeoutMs` to
   * finish. Those still running then are cancelled, so that their event streams end and the
   * HTTP server can close.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.shuttingDown = true;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(this.running), timeUp]);
    clearTimeout(timer);
    for (const runId of this.jobs.keys()) this.cancel(runId);
    this.stopping.abort();
    await Promise.all(this.running);
  }

  /**
   * One sample measured afresh (never from the cache, which would repeat an earlier
   * result), at `priority`, for a tracked page's check; `withField` asks the field source
   * too (a check asks once). Rejects with LabRunError; a shutdown's drain waits for it
   * like for any run, then cancels it.
   */
  fresh(
    url: string,
    strategy: Strategy,
    options: { priority: RunPriority; signal: AbortSignal; withField: boolean },
  ): Promise<RunResult | LabResult> {
    if (this.shuttingDown)
      return Promise.reject(new LabRunError('cancelled', SPEED_MESSAGES.shuttingDown));
    const lab = this.lab.run({
      url,
      strategy,
      priority: options.priority,
      signal: AbortSignal.any([options.signal, this.stopping.signal]),
      onStage: () => undefined,
    });
    const result = options.withField
      ? Promise.all([lab, this.fieldFor(url, strategy, lab)]).then(([measured, field]) => ({
          ...measured,
          field,
        }))
      : lab;
    const settled = result
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.running.delete(settled));
    this.running.add(settled);
    return result;
  }

  private async execute(job: Job, url: string, strategy: Strategy, sample: number): Promise<void> {
    const key = this.cacheKey(url, strategy, sample);
    try {
      const result = (await this.cache.get(key)) ?? (await this.measure(job, url, strategy, key));
      this.emit(job, { status: 'done', stage: 'done', result });
    } catch (error) {
      if (error instanceof LabRunError && error.kind === 'cancelled') {
        this.emit(job, {
          status: 'cancelled',
          stage: 'cancelled',
          error: error.message,
          errorKind: 'cancelled',
        });
      } else {
        this.emit(job, {
          status: 'error',
          stage: 'error',
          error: reason(error),
          errorKind: error instanceof LabRunError ? error.kind : 'other',
          errorSource: this.lab.source,
        });
      }
    } finally {
      job.finishedAt = Date.now();
    }
  }

  private async measure(job: Job, url: string, strategy: Strategy, key: string) {
    const lab = this.lab.run({
      url,
      strategy,
      signal: job.abort.signal,
      onStage: (stage) => this.emit(job, { status: 'running', stage }),
    });
    const [measured, field] = await Promise.all([lab, this.fieldFor(url, strategy, lab)]);
    const result: RunResult = { ...measured, field };
    // A failed field lookup is not kept: the next test asks again.
    if (!field.error) await this.cache.set(key, result);
    return result;
  }

  /** The run's status: live while this process runs it, otherwise as stored. */
  async get(runId: string): Promise<RunStatus | null> {
    return this.jobs.get(runId)?.status ?? (await this.runs.get(runId));
  }

  /** Calls `listener` with every change until the run ends; returns the unsubscribe. */
  subscribe(runId: string, listener: (status: RunStatus) => void): () => void {
    const job = this.jobs.get(runId);
    if (!job) return () => undefined;
    job.listeners.add(listener);
    return () => job.listeners.delete(listener);
  }

  cancel(runId: string): boolean {
    const job = this.jobs.get(runId);
    if (!job || job.finishedAt !== null) return false;
    job.abort.abort();
    this.emit(job, {
      status: 'cancelled',
      stage: 'cancelled',
      error: 'The run was cancelled.',
      errorKind: 'cancelled',
    });
    return true;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) {
      if (job.finishedAt !== null && now - job.finishedAt > KEEP_FINISHED_MS) this.jobs.delete(id);
    }
  }

  close(): Promise<void> {
    for (const job of this.jobs.values()) job.abort.abort();
    this.stopping.abort();
    return this.lab.close();
  }
}
