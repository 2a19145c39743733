import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicTask, type PeriodicTask } from '../shared/periodic-task';
import type { Services } from '../services';
import { sweepStorage } from './sweeps';

/** Sweeps storage every RETENTION_SWEEP_MINUTES (and at start: the app runs a pass); see sweeps.ts. */
export function startRetentionSweep(services: Services, log: FastifyBaseLogger): PeriodicTask {
  return startPeriodicTask(
    'data retention sweep',
    async () => {
      const report = await sweepStorage({
        db: services.db,
        clock: services.clock,
        caches: [
          services.speed.cache,
          services.serpShares.cache,
          ...(services.serp ? [services.serp.cache] : []),
        ],
        email: services.email,
        settings: services.config,
        rumCounts: services.rumCounts,
      });
      const deleted = Object.fromEntries(Object.entries(report).filter(([, n]) => n > 0));
      if (Object.keys(deleted).length > 0) log.info({ deleted }, 'data retention sweep');
    },
    services.config.RETENTION_SWEEP_MINUTES * 60_000,
    log,
  );
}
