import type { SendUrlsResponse } from '@core/schemas/page-facts';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Jobs, JobWorker } from '../jobs';
import { QueueOrHere } from '../jobs/queue-or-here';
import { collectPageFacts } from './collect-page-facts';

/** The queue of page-facts batches (a search's result pages, read for the SERP cards). */
export const PAGE_FACTS_QUEUE = 'page-facts';
/** Batches read at once by one process; each reads its pages six at a time. */
const BATCHES_AT_ONCE = 4;

interface Batch {
  urls: string[];
}

const read = (pageFetch: () => SafeFetchOptions) => (batch: Batch) =>
  collectPageFacts(batch.urls, pageFetch());

/** Serves the page-facts queue in this process; `pageFetch` is read per batch. */
export function servePageFacts(jobs: Jobs, pageFetch: () => SafeFetchOptions): JobWorker {
  const reader = read(pageFetch);
  return jobs.process<Batch, SendUrlsResponse>(PAGE_FACTS_QUEUE, BATCHES_AT_ONCE, ({ data }) =>
    reader(data),
  );
}

/** Page-facts batches as jobs; an API instance with no worker on the queue reads them itself. */
export class PageFactsJobs {
  private readonly batches: QueueOrHere<Batch, SendUrlsResponse>;

  constructor(jobs: Jobs, pageFetch: () => SafeFetchOptions) {
    this.batches = new QueueOrHere(jobs, PAGE_FACTS_QUEUE, read(pageFetch), {
      priority: 'interactive',
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
