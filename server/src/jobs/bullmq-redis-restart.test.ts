import { afterEach, describe, expect, it, vi } from 'vitest';
import { skipsBackend } from '../../test/backends';
import { TestRedisServer } from '../../test/redis-server';
import { BullmqJobs } from './bullmq-jobs';

// Runs where the Redis tests run, on a Redis of its own (redis-server, as `npm test` starts).
describe.skipIf(skipsBackend('redis'))('BullMQ jobs across a Redis restart', () => {
  let server: TestRedisServer | null = null;
  const opened: BullmqJobs[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
    await server?.close();
    server = null;
  });

  it('finishes a job that was running while Redis restarted, and keeps its result', async () => {
    server = await TestRedisServer.start({ persist: true });
    const open = () => {
      const jobs = new BullmqJobs({
        url: server!.url,
        // The job's lock as in production (30 s): a restart on a busy machine can outlast a
        // short one, and a job whose lock lapsed is no longer its worker's to complete.
        // Connection errors while Redis is down are expected here.
        onError: () => undefined,
      });
      opened.push(jobs);
      return jobs;
    };
    const api = open();
    const worker = open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    worker.process('speed', 1, async () => {
      runs++;
      await gate;
      return { score: 88 };
    });
    const id = await api.enqueue(
      'speed',
      {},
      {
        priority: 'interactive',
        attempts: 1,
        backoff: { delayMs: 100 },
        timeoutMs: 30_000,
      },
    );
    await vi.waitFor(async () => expect((await api.get('speed', id))?.state).toBe('active'));

    await server.restart();
    release();

    await vi.waitFor(
      async () =>
        expect(await api.get('speed', id)).toMatchObject({
          state: 'completed',
          result: { score: 88 },
        }),
      { timeout: 15_000, interval: 50 },
    );
    await server.restart();
    expect(await api.get('speed', id)).toMatchObject({ state: 'completed', result: { score: 88 } });
    expect(runs).toBe(1);
  });
});
