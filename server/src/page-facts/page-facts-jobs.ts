import type { SendUrlsResponse } from '@core/schemas/page-facts';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Jobs, JobWorker } from '../jobs';
import { runJob } from '../jobs/run-job';
import { collectPageFacts } from './collect-page-facts';

/** The queue of page-facts batches (a search's result pages, read for the SERP cards). */
export const PAGE_FACTS_QUEUE = 'page-facts';
/** Batches read at once by one process; each reads its pages six at a time. */
const BATCHES_AT_ONCE = 4;
/** A batch fetches at most ten pages of 15 s each, six at a time. */
const BATCH_TIMEOUT_MS = 60_000;
/** How long a count of the queue's workers is trusted. */
const WORKER_COUNT_MS = 5_000;

interface Batch {
  urls: string[];
}

/** Serves the page-facts queue in this process; `pageFetch` is read per batch. */
export function servePageFacts(jobs: Jobs, pageFetch: () => SafeFetchOptions): JobWorker {
  return jobs.process<Batch, SendUrlsResponse>(PAGE_FACTS_QUEUE, BATCHES_AT_ONCE, ({ data }) =>
    collectPageFacts(data.urls, pageFetch()),
  );
}

/**
 * Page-facts batches as jobs: read by whichever process serves the queue (this one by
 * default, the workers in scale-out mode). An API instance that finds no worker serving
 * it reads the batch itself rather than keep the person waiting.
 */
export class PageFactsJobs {
  private counted: { workers: number; at: number } | null = null;

  constructor(
    private readonly jobs: Jobs,
    private readonly pageFetch: () => SafeFetchOptions,
  ) {}

  private async workers(): Promise<number> {
    const now = Date.now();
    if (!this.counted || now - this.counted.at > WORKER_COUNT_MS)
      this.counted = { workers: await this.jobs.workerCount(PAGE_FACTS_QUEUE), at: now };
    return this.counted.workers;
  }

  async collect(urls: string[]): Promise<SendUrlsResponse> {
    if ((await this.workers()) === 0) return collectPageFacts(urls, this.pageFetch());
    return runJob<Batch, SendUrlsResponse>(
      this.jobs,
      PAGE_FACTS_QUEUE,
      { urls },
      {
        priority: 'interactive',
        attempts: 2,
        backoff: { delayMs: 500 },
        timeoutMs: BATCH_TIMEOUT_MS,
      },
    );
  }
}
