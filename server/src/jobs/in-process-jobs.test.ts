import { describe, expect, it } from 'vitest';
import { InProcessJobs, type Timers } from './in-process-jobs';
import { JobDeferredError, TransientJobError, type EnqueueOptions } from './port';

/** Timers a test moves by hand. */
class ManualTimers implements Timers {
  now = 0;
  private pending: { at: number; callback: () => void }[] = [];

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.now + ms, callback };
    this.pending.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((timer) => timer !== handle);
  }

  /** Delays still pending, from now. */
  get delays(): number[] {
    return this.pending.map((timer) => timer.at - this.now).sort((a, b) => a - b);
  }

  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const next = this.pending.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.pending = this.pending.filter((timer) => timer !== next);
      this.now = next.at;
      next.callback();
      await flush();
    }
    this.now = until;
    await flush();
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const options = (overrides: Partial<EnqueueOptions> = {}): EnqueueOptions => ({
  priority: 'interactive',
  attempts: 4,
  backoff: { delayMs: 1000 },
  timeoutMs: 60_000,
  ...overrides,
});

describe('in-process jobs', () => {
  it('backs off exponentially between attempts: 1 s, 2 s, 4 s', async () => {
    const timers = new ManualTimers();
    const jobs = new InProcessJobs({ timers });
    const startedAt: number[] = [];
    jobs.process('speed', 1, async () => {
      startedAt.push(timers.now);
      throw new TransientJobError('busy');
    });
    const id = await jobs.enqueue('speed', {}, options());
    await flush();
    for (let i = 0; i < 3; i++) await timers.advance(10_000);
    expect(startedAt).toEqual([0, 1000, 3000, 7000]);
    expect(await jobs.get('speed', id)).toMatchObject({
      state: 'dead-letter',
      attemptsMade: 4,
      failedReason: 'busy',
    });
    await jobs.close();
  });

  it('reports a job waiting out its backoff as waiting, with the failure that caused it', async () => {
    const timers = new ManualTimers();
    const jobs = new InProcessJobs({ timers });
    jobs.process('speed', 1, async (job) => {
      if (job.attempt === 1) throw new TransientJobError('429 from PageSpeed Insights');
      return 'ok';
    });
    const id = await jobs.enqueue('speed', {}, options());
    await flush();
    expect(await jobs.get('speed', id)).toMatchObject({
      state: 'waiting',
      attemptsMade: 1,
      failedReason: '429 from PageSpeed Insights',
    });
    // The timeout's timer went with the attempt; only the backoff is left.
    expect(timers.delays).toEqual([1000]);
    await timers.advance(1000);
    expect(await jobs.get('speed', id)).toMatchObject({ state: 'completed', result: 'ok' });
    await jobs.close();
  });

  it('puts a deferred job back after its delay; a cancel or close clears the timer', async () => {
    const timers = new ManualTimers();
    const jobs = new InProcessJobs({ timers });
    const startedAt: number[] = [];
    jobs.process('speed', 1, async () => {
      startedAt.push(timers.now);
      throw new JobDeferredError(5000, 'The host is busy.');
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 1 }));
    await flush();
    // The timeout's timer went with the run; only the deferral's delay is left.
    expect(timers.delays).toEqual([5000]);
    expect(await jobs.get('speed', id)).toMatchObject({
      state: 'waiting',
      attemptsMade: 0,
      failedReason: null,
    });
    await timers.advance(4999);
    expect(startedAt).toEqual([0]);
    await timers.advance(1);
    expect(startedAt).toEqual([0, 5000]);
    expect(timers.delays).toEqual([5000]);
    await jobs.cancel('speed', id);
    expect(timers.delays).toEqual([]);
    expect(await jobs.get('speed', id)).toMatchObject({
      state: 'failed',
      attemptsMade: 0,
      failedReason: 'The job was cancelled.',
    });

    await jobs.enqueue('speed', {}, options());
    await flush();
    expect(timers.delays).toEqual([5000]);
    await jobs.close();
    expect(timers.delays).toEqual([]);
  });

  it('times an attempt out on the injected timers', async () => {
    const timers = new ManualTimers();
    const jobs = new InProcessJobs({ timers });
    let aborted: unknown = null;
    jobs.process('speed', 1, (_job, { signal }) => {
      signal.addEventListener('abort', () => (aborted = signal.reason));
      return new Promise(() => undefined);
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 1, timeoutMs: 5000 }));
    await timers.advance(4999);
    expect((await jobs.get('speed', id))?.state).toBe('active');
    await timers.advance(1);
    expect(aborted).toBeInstanceOf(Error);
    expect(await jobs.get('speed', id)).toMatchObject({
      state: 'dead-letter',
      failedReason: 'The job took longer than 5000 ms.',
    });
    await jobs.close();
  });

  it('holds at most `concurrency` jobs per worker and waits for them on close', async () => {
    const jobs = new InProcessJobs();
    const gates: (() => void)[] = [];
    const worker = jobs.process('speed', 2, async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return null;
    });
    const ids = await Promise.all([1, 2, 3].map(() => jobs.enqueue('speed', {}, options())));
    await flush();
    expect(gates).toHaveLength(2);
    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    await flush();
    // The third job stays queued for another worker: a closing one takes no more.
    expect(closed).toBe(false);
    gates.splice(0).forEach((open) => open());
    await closing;
    expect((await jobs.get('speed', ids[2]!))?.state).toBe('waiting');
    await jobs.close();
  });

  it('keeps the latest finished jobs only', async () => {
    const jobs = new InProcessJobs({ keepFinished: 2 });
    jobs.process('speed', 1, async () => 'done');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await jobs.enqueue('speed', {}, options()));
      await flush();
    }
    expect(await jobs.get('speed', ids[0]!)).toBeNull();
    expect((await jobs.get('speed', ids[2]!))?.state).toBe('completed');
    await jobs.close();
  });

  it('passes data and results through JSON, as Redis would', async () => {
    const jobs = new InProcessJobs();
    jobs.process<{ at: string }, { at: Date }>('speed', 1, async (job) => ({
      at: new Date(job.data.at),
    }));
    const id = await jobs.enqueue('speed', { at: new Date('2026-11-22T12:00:00Z') }, options());
    await flush();
    expect((await jobs.get('speed', id))?.result).toEqual({ at: '2026-11-22T12:00:00.000Z' });
    await jobs.close();
  });
});
