import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { Jobs } from '../jobs';
import type { HostSlots } from '../politeness';
import type { FieldDataProvider } from '../providers/field-data/port';
import type { LabSpeedProvider } from '../providers/lab-speed/port';
import { LocalRuns, RETRY_DELAY_MS, SampleCache } from './sample-queue';
import { SampleWorker, type SampleWorkerDeps } from './sample-worker';
import { SpeedSamples } from './speed-samples';

export interface SpeedEngineParts {
  lab: LabSpeedProvider;
  field: FieldDataProvider;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  /**
   * Measures samples here (the default app, a worker); an API instance of the scale-out
   * mode only queues them.
   */
  measuresHere: boolean;
  cacheTtlMinutes: number;
  cacheMaxEntries?: number;
  /** One sample's attempt at most. */
  timeoutMs: number;
  /** The wait before a crashed sample's second attempt; RETRY_DELAY_MS unless a test says. */
  retryDelayMs?: number;
  /** Politeness per host where samples are measured; none: no limit per host. */
  hostSlots?: HostSlots;
  log?: FastifyBaseLogger;
  /** Opens the sessions of samples measured signed in. */
  signIns?: SampleWorkerDeps['signIns'];
}

/**
 * The two sides of speed samples over one cache and one record of this process's runs:
 * what the API and tracked checks use, and what measures them here, if anything. Neither
 * starts anything: the worker takes jobs once `serve` is called.
 */
export function createSpeedEngine(parts: SpeedEngineParts): {
  speed: SpeedSamples;
  sampleWorker: SampleWorker | null;
} {
  const { lab, db, clock, jobs, log } = parts;
  const cache = new SampleCache(
    db,
    clock,
    lab.source,
    parts.cacheTtlMinutes,
    parts.cacheMaxEntries,
  );
  const localRuns = new LocalRuns();
  const sampleWorker = parts.measuresHere
    ? new SampleWorker({
        lab,
        field: parts.field,
        db,
        clock,
        cache,
        localRuns,
        ...(parts.signIns && { signIns: parts.signIns }),
        ...(parts.hostSlots && { hostSlots: parts.hostSlots }),
        ...(log && { log }),
      })
    : null;
  const speed = new SpeedSamples({
    source: lab.source,
    db,
    clock,
    jobs,
    cache,
    localRuns,
    worker: sampleWorker,
    timeoutMs: parts.timeoutMs,
    retryDelayMs: parts.retryDelayMs ?? RETRY_DELAY_MS,
    ...(log && { log }),
  });
  return { speed, sampleWorker };
}
