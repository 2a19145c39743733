import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

/** A bucket on a clock that moves only when a caller sleeps. */
function bucketOnClock(perMinute: number, burst: number) {
  let now = 0;
  const slept: number[] = [];
  const bucket = new TokenBucket(
    perMinute,
    burst,
    () => now,
    async (ms) => {
      slept.push(ms);
      now += ms;
    },
  );
  return { bucket, slept, at: () => now };
}

describe('token bucket', () => {
  it('lets a burst through at once, then one call per 60/perMinute seconds, in order', async () => {
    const { bucket, slept, at } = bucketOnClock(120, 3);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, i) => bucket.take().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Three saved up; the fourth and fifth wait half a second each.
    expect(slept).toEqual([500, 500]);
    expect(at()).toBe(1000);
  });

  it('lets a caller whose signal aborts leave the line without holding up the next', async () => {
    const { bucket } = bucketOnClock(60, 1);
    await bucket.take();
    const gone = new AbortController();
    gone.abort(new Error('cancelled'));
    await expect(bucket.take(gone.signal)).rejects.toThrow('cancelled');
    await expect(bucket.take()).resolves.toBeUndefined();
  });
});
