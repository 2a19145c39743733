import { afterEach, describe, expect, it } from 'vitest';
import type { SendUrlsResponse } from '@core/schemas/page-facts';
import { InProcessJobs } from '../jobs/in-process-jobs';
import { pageFactsQueue, PageFactsJobs } from './page-facts-jobs';

/** A refusing guard: every page is a private address, read without touching the network. */
const guard = {
  sandbox: { enabled: false, appPort: 0 },
  timeoutMs: 1000,
  maxBytes: 1000,
  maxRedirects: 0,
  userAgent: 'test',
};

describe('page-facts batches as jobs', () => {
  const jobs = new InProcessJobs();
  afterEach(() => jobs.close());

  it('goes to the worker serving the queue', async () => {
    const answer: SendUrlsResponse = { redirectArray: [], resultArray: [] };
    const asked: unknown[] = [];
    jobs.process(pageFactsQueue.name, 1, async (job) => {
      asked.push(job.data);
      return answer;
    });
    const facts = new PageFactsJobs(jobs, guard);
    expect(await facts.collect(['http://10.0.0.1/'])).toEqual(answer);
    expect(asked).toEqual([{ urls: ['http://10.0.0.1/'] }]);
  });

  it('reads the batch itself when no worker serves the queue', async () => {
    const facts = new PageFactsJobs(new InProcessJobs(), guard);
    const { resultArray } = await facts.collect(['http://10.0.0.1/']);
    expect(resultArray).toHaveLength(1);
    expect(resultArray[0]!.error).toMatch(/private|not allowed|blocked/i);
  });
});
