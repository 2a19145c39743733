import { describe, expect, it } from 'vitest';
import { InProcessJobs } from './in-process-jobs';
import { JobCancelledError } from './port';
import { JobFailedError, runJob } from './run-job';

const options = {
  priority: 'interactive',
  attempts: 1,
  backoff: { delayMs: 0 },
  timeoutMs: 60_000,
} as const;

describe('runJob', () => {
  it('ends as cancelled, without queueing, when its signal was aborted before the call', async () => {
    const jobs = new InProcessJobs();
    let handled = 0;
    jobs.process('q', 1, async () => ++handled);
    const signal = AbortSignal.abort();
    const outcome = runJob(jobs, 'q', {}, { ...options, jobId: 'late', signal });
    await expect(outcome).rejects.toThrow(JobCancelledError);
    expect(handled).toBe(0);
    expect(await jobs.get('q', 'late')).toBeNull();
    await jobs.close();
  });

  it('cancels the job when its signal is aborted while it waits', async () => {
    const jobs = new InProcessJobs();
    const abort = new AbortController();
    const outcome = runJob(jobs, 'q', {}, { ...options, signal: abort.signal });
    await new Promise((resolve) => setImmediate(resolve));
    abort.abort();
    await expect(outcome).rejects.toThrow(JobCancelledError);
    await jobs.close();
  });

  it('tells a failure of its own from a cancel', async () => {
    const jobs = new InProcessJobs();
    jobs.process('q', 1, () => Promise.reject(new Error('the page broke')));
    const outcome = runJob(jobs, 'q', {}, options);
    await expect(outcome).rejects.toThrow(JobFailedError);
    await expect(outcome).rejects.toThrow('the page broke');
    await jobs.close();
  });
});
