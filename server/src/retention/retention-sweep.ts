import type { FeatureTask } from '../feature-task';
import { sweepStorage } from './sweeps';

/** Sweeps storage every RETENTION_SWEEP_MINUTES, and before the app serves; see sweeps.ts. */
export const retentionSweep: FeatureTask = {
  name: 'data retention sweep',
  runs: () => true,
  everyMs: (config) => config.RETENTION_SWEEP_MINUTES * 60_000,
  atStart: true,
  pass: async (services, log) => {
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
};
