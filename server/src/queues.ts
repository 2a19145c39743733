import type { Queue } from './jobs/queue';
import { pageFactsQueue } from './page-facts/page-facts-jobs';
import { scrapeQueue } from './scrape/scrape-jobs';
import { speedSamplesQueue } from './speed/sample-queue';
import { rankChecksQueue } from './rank-tracking/rank-tracking';
import { checksNowQueue, scheduledChecksQueue } from './tracking/check-jobs';
import { flowRunsQueue, scheduledFlowRunsQueue } from './flows/flow-runs';

/**
 * Every job queue of the app: what operators see (`/ops`), and what `serveQueues` serves
 * in the default app and in each worker.
 */
export const QUEUES: readonly Queue<unknown, unknown>[] = [
  speedSamplesQueue,
  pageFactsQueue,
  scrapeQueue,
  scheduledChecksQueue,
  checksNowQueue,
  rankChecksQueue,
  flowRunsQueue,
  scheduledFlowRunsQueue,
];
