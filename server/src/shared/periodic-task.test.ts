import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task';

describe('startPeriodicTask', () => {
  afterEach(() => vi.useRealTimers());
  const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

  it('runs on its timer and on demand, one pass at a time, until stopped', async () => {
    vi.useFakeTimers();
    let passes = 0;
    let finish = () => {};
    const task = startPeriodicTask(
      'test task',
      () => {
        passes++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1000,
      log,
    );
    const first = task.run();
    expect(task.run()).toBe(first);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(1);
    finish();
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    const stopped = task.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(2);
  });

  it('logs a failed pass and keeps its schedule', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const task = startPeriodicTask(
      'failing task',
      async () => {
        passes++;
        throw new Error('database away');
      },
      1000,
      log,
    );
    await task.run();
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'failing task failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    await task.stop();
  });
});
