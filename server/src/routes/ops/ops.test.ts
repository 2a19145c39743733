import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TransientJobError } from '../../jobs';
import { scheduledChecksQueue } from '../../tracking/check-jobs';
import { OPS_TOKEN_REFUSED } from './ops';

const OPS = '/backend-service/v1/ops';
const OPS_TOKEN = 'an-operators-token-of-at-least-32-characters';

describe('operators’ routes', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const get = (token?: string, path = '/queues') =>
    t.app.inject({
      method: 'GET',
      url: `${OPS}${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('do not exist without OPS_TOKEN', async () => {
    t = await buildTestApp();
    for (const path of ['/queues', '/metrics', '/providers'])
      expect((await get(OPS_TOKEN, path)).statusCode).toBe(404);
  });

  it('refuse a missing or wrong token', async () => {
    t = await buildTestApp({ env: { OPS_TOKEN } });
    for (const path of ['/queues', '/metrics', '/providers'])
      for (const token of [undefined, 'a-wrong-token-of-at-least-32-characters-too']) {
        const res = await get(token, path);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: OPS_TOKEN_REFUSED });
      }
  });

  it('shows every queue’s workers, waiting jobs and dead letters', async () => {
    // No scheduled checks served here: the test queues and serves them itself.
    t = await buildTestApp({ env: { OPS_TOKEN, TRACKING_CONCURRENCY: '0' } });
    const { jobs } = t.app.services;
    const options = { priority: 'scheduled' as const, backoff: { delayMs: 1 }, timeoutMs: 5000 };
    const waiting = await jobs.enqueue(scheduledChecksQueue.name, {}, { ...options, attempts: 1 });
    let res = await get(OPS_TOKEN);
    expect(res.statusCode).toBe(200);
    const byQueue = () =>
      Object.fromEntries(
        (res.json() as { queues: { queue: string }[] }).queues.map((q) => [q.queue, q]),
      );
    expect(Object.keys(byQueue())).toEqual([
      'speed-samples',
      'page-facts',
      'scrape-pages',
      'tracking-checks',
      'tracking-checks-now',
      'rank-checks',
      'flow-runs',
      'scheduled-flow-runs',
    ]);
    expect(byQueue()['speed-samples']).toMatchObject({ workers: 1, waiting: 0, failed: 0 });
    expect(byQueue()['tracking-checks']).toMatchObject({ workers: 0, waiting: 1 });

    jobs.process(scheduledChecksQueue.name, 1, async () => {
      throw new TransientJobError('The lab crashed.');
    });
    await vi.waitFor(async () =>
      expect((await jobs.get(scheduledChecksQueue.name, waiting))?.state).toBe('dead-letter'),
    );
    res = await get(OPS_TOKEN);
    expect(byQueue()['tracking-checks']).toEqual({
      queue: 'tracking-checks',
      workers: 1,
      waiting: 0,
      active: 0,
      failed: 1,
      deadLetters: [
        { id: waiting, attemptsMade: 1, attempts: 1, failedReason: 'The lab crashed.' },
      ],
    });
  });

  it('gives the queues’ counts and the process’s figures to Prometheus', async () => {
    t = await buildTestApp({ env: { OPS_TOKEN, TRACKING_CONCURRENCY: '0' } });
    const { jobs } = t.app.services;
    const options = { priority: 'scheduled' as const, backoff: { delayMs: 1 }, timeoutMs: 5000 };
    for (let n = 0; n < 3; n++)
      await jobs.enqueue(scheduledChecksQueue.name, {}, { ...options, attempts: 1 });
    const res = await get(OPS_TOKEN, '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = res.body.split('\n');
    expect(lines).toContain('speedrank_queue_jobs{queue="tracking-checks",state="waiting"} 3');
    expect(lines).toContain('speedrank_queue_workers{queue="tracking-checks"} 0');
    expect(lines).toContain('speedrank_queue_workers{queue="speed-samples"} 1');
    expect(lines).toContain('speedrank_queue_dead_letters{queue="tracking-checks"} 0');
    expect(lines.some((line) => line.startsWith('process_resident_memory_bytes '))).toBe(true);

    // Counts come from the queue at each scrape, not from the first one.
    jobs.process(scheduledChecksQueue.name, 1, async () => {
      throw new TransientJobError('The lab crashed.');
    });
    await vi.waitFor(async () =>
      expect((await jobs.stats(scheduledChecksQueue.name)).failed).toBe(3),
    );
    const later = (await get(OPS_TOKEN, '/metrics')).body.split('\n');
    expect(later).toContain('speedrank_queue_jobs{queue="tracking-checks",state="waiting"} 0');
    expect(later).toContain('speedrank_queue_jobs{queue="tracking-checks",state="failed"} 3');
    expect(later).toContain('speedrank_queue_dead_letters{queue="tracking-checks"} 3');
  });
});
