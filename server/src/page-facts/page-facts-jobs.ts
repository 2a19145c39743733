import { z } from 'zod';
import { sendUrlsResponseSchema, type SendUrlsResponse } from '@core/schemas/page-facts';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Jobs, JobWorker } from '../jobs';
import { serveQueue, type Queue } from '../jobs/queue';
import { QueueOrHere } from '../jobs/queue-or-here';
import { collectPageFacts } from './collect-page-facts';

const batchSchema = z.object({ urls: z.array(z.string()) });
type Batch = z.infer<typeof batchSchema>;

/** Page-facts batches: a search's result pages, read for the SERP cards. */
export const pageFactsQueue: Queue<Batch, SendUrlsResponse> = {
  name: 'page-facts',
  data: batchSchema,
  result: sendUrlsResponseSchema,
  // Batches read at once by one process; each reads its pages six at a time.
  concurrency: () => 4,
  priority: 'interactive',
};

const read = (pageFetch: SafeFetchOptions) => (batch: Batch) =>
  collectPageFacts(batch.urls, pageFetch);

/** Serves the page-facts queue in this process. */
export function servePageFacts(
  jobs: Jobs,
  concurrency: number,
  pageFetch: SafeFetchOptions,
): JobWorker {
  const reader = read(pageFetch);
  return serveQueue(jobs, pageFactsQueue, concurrency, ({ data }) => reader(data));
}

/** Page-facts batches as jobs; an API instance with no worker on the queue reads them itself. */
export class PageFactsJobs {
  private readonly batches: QueueOrHere<Batch, SendUrlsResponse>;

  constructor(jobs: Jobs, pageFetch: SafeFetchOptions) {
    this.batches = new QueueOrHere(jobs, pageFactsQueue, read(pageFetch), {
      attempts: 2,
      backoff: { delayMs: 500 },
      // At most ten pages of 15 s each, six at a time.
      timeoutMs: 60_000,
    });
  }

  collect(urls: string[]): Promise<SendUrlsResponse> {
    return this.batches.run({ urls });
  }
}
