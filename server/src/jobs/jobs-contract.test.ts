import crypto from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { BullmqJobs } from './bullmq-jobs';
import { InProcessJobs } from './in-process-jobs';
import {
  JobCancelledError,
  JobDeferredError,
  JobTimeoutError,
  TransientJobError,
  type EnqueueOptions,
  type JobEvent,
  type JobInfo,
  type Jobs,
  type JobState,
} from './port';
import { describeOnQueues, testRedisUrl } from '../../test/backends';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<never>(() => undefined);
const options = (overrides: Partial<EnqueueOptions> = {}): EnqueueOptions => ({
  priority: 'interactive',
  attempts: 1,
  backoff: { delayMs: 20 },
  timeoutMs: 10_000,
  ...overrides,
});

async function settled(
  jobs: Jobs,
  queue: string,
  id: string,
  states: JobState[] = ['completed', 'failed', 'dead-letter'],
): Promise<JobInfo> {
  return vi.waitFor(
    async () => {
      const info = await jobs.get(queue, id);
      if (!info || !states.includes(info.state)) throw new Error(`job ${id}: ${info?.state}`);
      return info;
    },
    { timeout: 15_000, interval: 20 },
  );
}

describeOnQueues('jobs contract', ({ redis }) => {
  const opened: Jobs[] = [];
  let shared: InProcessJobs | null = null;
  // One key prefix per test: the tests share one Redis.
  let prefix = '';

  /**
   * Jobs as one process sees them. In-process, every caller shares the one queue of the
   * process; on Redis each call is another process's view (its own connections), with a
   * short lock so that a dead worker's job moves on within a second or two.
   */
  const open = (): Jobs => {
    if (!redis) return (shared ??= new InProcessJobs());
    prefix ||= `test-${crypto.randomUUID().slice(0, 8)}`;
    const jobs = new BullmqJobs({
      url: testRedisUrl!,
      prefix,
      lockDurationMs: 1000,
      stalledIntervalMs: 300,
    });
    opened.push(jobs);
    return jobs;
  };

  afterEach(async () => {
    await Promise.all([...opened.splice(0), ...(shared ? [shared] : [])].map((j) => j.close()));
    shared = null;
    prefix = '';
  });

  it('runs interactive jobs before scheduled ones, each in the order they came', async () => {
    const jobs = open();
    const ids: string[] = [];
    for (const [name, priority] of [
      ['s1', 'scheduled'],
      ['s2', 'scheduled'],
      ['i1', 'interactive'],
      ['s3', 'scheduled'],
      ['i2', 'interactive'],
    ] as const) {
      ids.push(await jobs.enqueue('speed', { name }, options({ priority })));
    }
    const order: string[] = [];
    jobs.process<{ name: string }, string>('speed', 1, async (job) => {
      order.push(job.data.name);
      return job.data.name;
    });
    for (const id of ids) await settled(jobs, 'speed', id);
    expect(order).toEqual(['i1', 'i2', 's1', 's2', 's3']);
    expect(await jobs.get('speed', ids[0]!)).toMatchObject({
      state: 'completed',
      priority: 'scheduled',
      result: 's1',
    });
  });

  it('cancels a running job on the worker that runs it, and a waiting one, without retry', async () => {
    const api = open();
    const worker = open();
    const started: string[] = [];
    let aborted: unknown = null;
    worker.process<{ name: string }, string>('speed', 1, async (job, { signal }) => {
      started.push(job.data.name);
      await new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve((aborted = signal.reason)), {
          once: true,
        }),
      );
      return 'finished anyway';
    });
    const running = await api.enqueue('speed', { name: 'running' }, options({ attempts: 3 }));
    const waiting = await api.enqueue('speed', { name: 'waiting' }, options({ attempts: 3 }));
    await vi.waitFor(() => expect(started).toEqual(['running']), { timeout: 10_000 });
    const heard: JobEvent[] = [];
    await api.subscribe('speed', running, (event) => heard.push(event));
    await api.cancel('speed', waiting);
    await api.cancel('speed', running);
    expect(await settled(api, 'speed', running)).toMatchObject({
      state: 'failed',
      attemptsMade: 1,
      failedReason: new JobCancelledError().message,
    });
    expect(aborted).toBeInstanceOf(JobCancelledError);
    expect(await settled(api, 'speed', waiting)).toMatchObject({
      state: 'failed',
      failedReason: new JobCancelledError().message,
    });
    // The waiting one never ran; the cancelled one ran once.
    expect(started).toEqual(['running']);
    await vi.waitFor(() =>
      expect(heard).toContainEqual(expect.objectContaining({ type: 'failed' })),
    );
    // A finished job stays as it is.
    await api.cancel('speed', running);
    expect((await api.get('speed', running))!.state).toBe('failed');
  });

  it('counts the workers serving a queue, in any process', async () => {
    const api = open();
    expect(await api.workerCount('speed')).toBe(0);
    const first = open().process('speed', 2, async () => 'ok');
    open().process('speed', 1, async () => 'ok');
    await vi.waitFor(async () => expect(await api.workerCount('speed')).toBe(2));
    await first.close();
    await vi.waitFor(async () => expect(await api.workerCount('speed')).toBe(1));
  });

  it('retries a transient failure after its backoff, then succeeds', async () => {
    const jobs = open();
    const startedAt: number[] = [];
    jobs.process('speed', 1, async (job) => {
      startedAt.push(Date.now());
      if (job.attempt === 1) throw new TransientJobError('Chromium is busy.');
      return { attempt: job.attempt };
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 3, backoff: { delayMs: 200 } }));
    const info = await settled(jobs, 'speed', id);
    expect(info).toMatchObject({
      state: 'completed',
      attemptsMade: 2,
      attempts: 3,
      result: { attempt: 2 },
      failedReason: 'Chromium is busy.',
    });
    expect(startedAt).toHaveLength(2);
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(190);
  });

  it('does not retry a permanent failure', async () => {
    const jobs = open();
    let runs = 0;
    jobs.process('speed', 1, async () => {
      runs++;
      throw new Error('The address is not a web page.');
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 3 }));
    const info = await settled(jobs, 'speed', id);
    expect(info).toMatchObject({
      state: 'failed',
      attemptsMade: 1,
      failedReason: 'The address is not a web page.',
    });
    await sleep(100);
    expect(runs).toBe(1);
  });

  it('times an attempt out: its signal is aborted and it counts as a failure', async () => {
    const jobs = open();
    const reasons: unknown[] = [];
    jobs.process('speed', 1, async (job, { signal }) => {
      if (job.attempt > 1) return 'second';
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      reasons.push(signal.reason);
      throw new Error('aborted');
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 2, timeoutMs: 150 }));
    const info = await settled(jobs, 'speed', id);
    expect(info).toMatchObject({
      state: 'completed',
      attemptsMade: 2,
      result: 'second',
      failedReason: 'The job took longer than 150 ms.',
    });
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toBeInstanceOf(JobTimeoutError);
  });

  it('fails an attempt at its timeout even when the handler ignores the signal', async () => {
    const jobs = open();
    jobs.process('speed', 1, never);
    const id = await jobs.enqueue('speed', {}, options({ timeoutMs: 100 }));
    expect(await settled(jobs, 'speed', id)).toMatchObject({
      state: 'dead-letter',
      attemptsMade: 1,
      failedReason: 'The job took longer than 100 ms.',
    });
  });

  it('puts a job in the dead letter once transient failures used up its attempts', async () => {
    const api = open();
    const worker = open();
    const id = crypto.randomUUID();
    const events: JobEvent[] = [];
    await api.subscribe('speed', id, (event) => events.push(event));
    let runs = 0;
    worker.process('speed', 1, async () => {
      runs++;
      throw new TransientJobError(`PageSpeed Insights answered 503 (${runs}).`);
    });
    await api.enqueue('speed', {}, options({ jobId: id, attempts: 3 }));
    expect(await settled(api, 'speed', id)).toMatchObject({
      state: 'dead-letter',
      attemptsMade: 3,
      attempts: 3,
      failedReason: 'PageSpeed Insights answered 503 (3).',
    });
    await vi.waitFor(() =>
      expect(events).toEqual([
        {
          type: 'failed',
          jobId: id,
          state: 'dead-letter',
          reason: 'PageSpeed Insights answered 503 (3).',
        },
      ]),
    );
    expect(runs).toBe(3);
  });

  it('counts what waits, runs and failed, and lists the dead letters newest first', async () => {
    const api = open();
    const worker = open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    worker.process<{ kind: string }, null>('speed', 1, async ({ data }) => {
      if (data.kind === 'transient') throw new TransientJobError('PSI answered 503.');
      if (data.kind === 'permanent') throw new Error('No such page.');
      await gate;
      return null;
    });
    const ids = { first: crypto.randomUUID(), second: crypto.randomUUID() };
    for (const id of [ids.first, ids.second]) {
      await api.enqueue('speed', { kind: 'transient' }, options({ jobId: id, attempts: 2 }));
      await settled(api, 'speed', id);
    }
    const permanent = await api.enqueue('speed', { kind: 'permanent' }, options());
    await settled(api, 'speed', permanent);
    const held = await api.enqueue('speed', { kind: 'hold' }, options());
    await settled(api, 'speed', held, ['active']);
    await api.enqueue('speed', { kind: 'hold' }, options());
    const stats = await api.stats('speed');
    expect(stats).toMatchObject({
      queueName: 'speed',
      workers: 1,
      waiting: 1,
      active: 1,
      failed: 3,
    });
    expect(
      stats.deadLetters.map(({ id, state, attemptsMade, failedReason }) => ({
        id,
        state,
        attemptsMade,
        failedReason,
      })),
    ).toEqual(
      [ids.second, ids.first].map((id) => ({
        id,
        state: 'dead-letter',
        attemptsMade: 2,
        failedReason: 'PSI answered 503.',
      })),
    );
    expect(await api.stats('unknown-queue')).toEqual({
      queueName: 'unknown-queue',
      workers: 0,
      waiting: 0,
      active: 0,
      failed: 0,
      deadLetters: [],
    });
    release();
  });

  it('brings progress and the result to a subscriber elsewhere', async () => {
    const api = open();
    const worker = open();
    const id = crypto.randomUUID();
    const events: JobEvent[] = [];
    await api.subscribe('speed', id, (event) => events.push(event));
    const other: JobEvent[] = [];
    const unsubscribe = await api.subscribe('speed', 'another-job', (event) => other.push(event));
    await api.enqueue('speed', { url: 'http://shop.sandbox.localhost/' }, options({ jobId: id }));
    worker.process<{ url: string }, { score: number }>('speed', 1, async (_job, tools) => {
      await tools.reportProgress('loading');
      await tools.reportProgress({ stage: 'tracing', percent: 40 });
      return { score: 91 };
    });
    await vi.waitFor(() =>
      expect(events).toEqual([
        { type: 'progress', jobId: id, progress: 'loading' },
        { type: 'progress', jobId: id, progress: { stage: 'tracing', percent: 40 } },
        { type: 'completed', jobId: id, result: { score: 91 } },
      ]),
    );
    expect(await api.get('speed', id)).toMatchObject({
      state: 'completed',
      progress: { stage: 'tracing', percent: 40 },
      result: { score: 91 },
    });
    unsubscribe();
    expect(other).toEqual([]);
  });

  it('runs a job once for one id, however often it is enqueued', async () => {
    const jobs = open();
    const first = await jobs.enqueue('speed', { n: 1 }, options({ jobId: 'check-42' }));
    const second = await jobs.enqueue('speed', { n: 2 }, options({ jobId: 'check-42' }));
    expect(second).toBe(first);
    const seen: number[] = [];
    jobs.process<{ n: number }, null>('speed', 2, async (job) => {
      seen.push(job.data.n);
      return null;
    });
    await settled(jobs, 'speed', first);
    await sleep(100);
    expect(seen).toEqual([1]);
    expect(await jobs.get('speed', 'never-queued')).toBeNull();
    await expect(jobs.enqueue('speed', {}, options({ jobId: '123' }))).rejects.toThrow(/digits/);
  });

  it('never runs one job on two workers of one queue', async () => {
    const first = open();
    const second = open();
    const runs = new Map<string, number>();
    let running = 0;
    let most = 0;
    const handler = (name: string) => async (job: { id: string }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      most = Math.max(most, ++running);
      await sleep(15);
      running--;
      return name;
    };
    first.process('speed', 2, handler('first'));
    second.process('speed', 2, handler('second'));
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        first.enqueue('speed', { n }, options({ priority: n % 2 ? 'scheduled' : 'interactive' })),
      ),
    );
    const infos = await Promise.all(ids.map((id) => settled(first, 'speed', id)));
    expect(infos.every((info) => info.state === 'completed')).toBe(true);
    expect([...runs.values()]).toEqual(ids.map(() => 1));
    expect(new Set(infos.map((info) => info.result))).toEqual(new Set(['first', 'second']));
    expect(most).toBeLessThanOrEqual(4);
  });

  it('defers a job without spending its attempt, reporting it waiting meanwhile', async () => {
    const jobs = open();
    const id = crypto.randomUUID();
    const events: JobEvent[] = [];
    await jobs.subscribe('speed', id, (event) => events.push(event));
    const runs: { attempt: number; at: number }[] = [];
    jobs.process('speed', 1, async (job) => {
      runs.push({ attempt: job.attempt, at: Date.now() });
      if (runs.length === 1) throw new JobDeferredError(300, 'shop.example has 2 samples running.');
      return { run: runs.length };
    });
    await jobs.enqueue('speed', {}, options({ jobId: id, attempts: 3 }));
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 10_000 });
    // Taken once already, so waiting now means deferred: no attempt spent, no failure.
    expect(await settled(jobs, 'speed', id, ['waiting'])).toMatchObject({
      attemptsMade: 0,
      failedReason: null,
    });
    expect(await settled(jobs, 'speed', id)).toMatchObject({
      state: 'completed',
      attemptsMade: 1,
      attempts: 3,
      failedReason: null,
      result: { run: 2 },
    });
    expect(runs.map((run) => run.attempt)).toEqual([1, 1]);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(290);
    // Subscribers heard of the end only.
    await vi.waitFor(() =>
      expect(events).toEqual([{ type: 'completed', jobId: id, result: { run: 2 } }]),
    );
  });

  it("frees the worker's slot while a job is deferred, for another job", async () => {
    const jobs = open();
    const order: string[] = [];
    jobs.process<{ name: string }, string>('speed', 1, async (job) => {
      order.push(job.data.name);
      if (job.data.name === 'deferred' && order.length === 1) {
        throw new JobDeferredError(500, 'The host is busy.');
      }
      return job.data.name;
    });
    const deferred = await jobs.enqueue('speed', { name: 'deferred' }, options());
    const other = await jobs.enqueue('speed', { name: 'other' }, options());
    expect(await settled(jobs, 'speed', other)).toMatchObject({ state: 'completed' });
    expect(order).toEqual(['deferred', 'other']);
    expect(await settled(jobs, 'speed', deferred)).toMatchObject({
      state: 'completed',
      attemptsMade: 1,
      result: 'deferred',
    });
    expect(order).toEqual(['deferred', 'other', 'deferred']);
  });

  it('ends a job cancelled while deferred at once, without running it again', async () => {
    const api = open();
    const worker = open();
    const id = crypto.randomUUID();
    const events: JobEvent[] = [];
    await api.subscribe('speed', id, (event) => events.push(event));
    let runs = 0;
    worker.process('speed', 1, async () => {
      runs++;
      throw new JobDeferredError(5000, 'The host is busy.');
    });
    await api.enqueue('speed', {}, options({ jobId: id, attempts: 3 }));
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000 });
    await settled(api, 'speed', id, ['waiting']);
    const cancelledAt = Date.now();
    await api.cancel('speed', id);
    expect(await settled(api, 'speed', id)).toMatchObject({
      state: 'failed',
      failedReason: new JobCancelledError().message,
    });
    // Well before its delay was over.
    expect(Date.now() - cancelledAt).toBeLessThan(4000);
    await vi.waitFor(() =>
      expect(events).toEqual([
        { type: 'failed', jobId: id, state: 'failed', reason: new JobCancelledError().message },
      ]),
    );
    await sleep(100);
    expect(runs).toBe(1);
  });

  it('lets a job of one attempt defer any number of times', async () => {
    const jobs = open();
    const attempts: number[] = [];
    jobs.process('speed', 1, async (job) => {
      attempts.push(job.attempt);
      if (attempts.length <= 3) throw new JobDeferredError(50, `busy (${attempts.length})`);
      return 'measured';
    });
    const id = await jobs.enqueue('speed', {}, options({ attempts: 1 }));
    expect(await settled(jobs, 'speed', id)).toMatchObject({
      state: 'completed',
      attemptsMade: 1,
      attempts: 1,
      failedReason: null,
      result: 'measured',
    });
    expect(attempts).toEqual([1, 1, 1, 1]);
  });

  it("gives a killed worker's job to another worker, without using an attempt", async () => {
    const doomed = open();
    const survivor = open();
    let started!: () => void;
    const startedOnDoomed = new Promise<void>((resolve) => (started = resolve));
    let doomedSignal: AbortSignal | null = null;
    const dying = doomed.process('speed', 1, async (_job, { signal }) => {
      doomedSignal = signal;
      started();
      return never();
    });
    const id = await doomed.enqueue('speed', {}, options({ attempts: 1 }));
    await startedOnDoomed;
    survivor.process('speed', 1, async (job) => `finished on attempt ${job.attempt}`);
    await dying.close({ force: true });
    expect(doomedSignal!.aborted).toBe(true);
    expect(await settled(survivor, 'speed', id)).toMatchObject({
      state: 'completed',
      attemptsMade: 1,
      result: 'finished on attempt 1',
    });
  });
});
