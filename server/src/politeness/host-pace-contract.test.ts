import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { InProcessHostPace } from './in-process-host-pace';
import { HostPaceClosedError, type HostPace } from './port';
import { RedisHostPace } from './redis-host-pace';
import { describeOnQueues, testRedisUrl } from '../../test/backends';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnQueues('host pace contract', ({ redis }) => {
  const opened: HostPace[] = [];
  // One key prefix per test: the tests share one Redis.
  let keyPrefix = '';

  /**
   * The pace as `count` processes see it: on Redis each is a process of its own; in
   * process there is one pace, shared by every crawl.
   */
  const open = (count = 1): HostPace[] => {
    if (!redis) {
      const pace = new InProcessHostPace();
      opened.push(pace);
      return Array.from({ length: count }, () => pace);
    }
    keyPrefix ||= `test-${crypto.randomUUID().slice(0, 8)}:host-pace:`;
    const paces = Array.from(
      { length: count },
      () => new RedisHostPace({ redisUrl: testRedisUrl!, keyPrefix }),
    );
    opened.push(...paces);
    return paces;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((pace) => pace.close()));
    keyPrefix = '';
  });

  it('spaces the starts of one host gapMs apart, across every process', async () => {
    const paces = open(3);
    // Connected first, so that the nine bookings below reach the pace in one burst.
    await Promise.all(paces.map((pace) => pace.book('warm-up.example', 0)));
    const waits = await Promise.all(
      Array.from({ length: 9 }, (_, n) => paces[n % paces.length]!.book('shop.example', 100)),
    );
    waits.sort((a, b) => a - b);
    expect(waits[0]).toBe(0);
    // Each start a gap after the one before, less the moment between the two bookings
    // (measured on the pace's own clock, so no event-loop delay here blurs it).
    const gaps = waits.slice(1).map((wait, n) => wait - waits[n]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(100);
  });

  it('books each host on its own', async () => {
    const [pace] = open();
    expect(await pace!.book('a.example', 1000)).toBe(0);
    expect(await pace!.book('b.example', 1000)).toBe(0);
    expect(await pace!.book('a.example', 1000)).toBeGreaterThan(900);
  });

  it('starts at once again when the gap has passed', async () => {
    const [pace] = open();
    expect(await pace!.book('shop.example', 50)).toBe(0);
    await sleep(80);
    expect(await pace!.book('shop.example', 50)).toBe(0);
  });

  it('rejects once closed', async () => {
    const [pace] = open();
    await pace!.close();
    await expect(pace!.book('shop.example', 50)).rejects.toBeInstanceOf(HostPaceClosedError);
  });
});
