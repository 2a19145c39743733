import { BullmqJobs, type BullmqJobsOptions } from './bullmq-jobs';
import { InProcessJobs, type InProcessJobsOptions } from './in-process-jobs';
import type { Jobs } from './port';

export * from './port';

/**
 * The jobs adapter the configuration asks for: BullMQ on Redis when `REDIS_URL` is set
 * (scale-out mode: API instances enqueue, `npm run worker` processes run), otherwise the
 * in-process queue of the default one-process setup.
 */
export function createJobs(
  config: { redisUrl?: string },
  options: Omit<BullmqJobsOptions, 'url'> & InProcessJobsOptions = {},
): Jobs {
  if (config.redisUrl) return new BullmqJobs({ ...options, url: config.redisUrl });
  return new InProcessJobs(options);
}
