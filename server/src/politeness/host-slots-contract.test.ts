import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessHostSlots } from './in-process-host-slots';
import { HostSlotsClosedError, hostOf, type HostSlots } from './port';
import { RedisHostSlots } from './redis-host-slots';
import { describeOnQueues, testRedisUrl } from '../../test/backends';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnQueues('host slots contract', ({ redis }) => {
  const opened: HostSlots[] = [];
  const connections: Redis[] = [];
  // One key prefix per test: the tests share one Redis.
  let keyPrefix = '';
  const onRedis = it.skipIf(!redis);

  /** Slots as one worker process sees them; on Redis each call is another process. */
  const open = (limit: number, more: { leaseMs?: number; connection?: Redis } = {}): HostSlots => {
    let slots: HostSlots;
    if (!redis) {
      slots = new InProcessHostSlots({ limit });
    } else {
      keyPrefix ||= `test-${crypto.randomUUID().slice(0, 8)}:host-slots:`;
      const common = { limit, keyPrefix, leaseMs: more.leaseMs };
      slots = more.connection
        ? new RedisHostSlots({ ...common, connection: more.connection })
        : new RedisHostSlots({ ...common, redisUrl: testRedisUrl! });
    }
    opened.push(slots);
    return slots;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((slots) => slots.close()));
    for (const connection of connections.splice(0)) connection.disconnect();
    keyPrefix = '';
  });

  /**
   * Runs `count` samples of one host spread over `instances`, each trying again every
   * 10 ms while the host is full (as a deferred job would); the most at once.
   */
  async function crowd(instances: HostSlots[], count: number): Promise<number> {
    let running = 0;
    let most = 0;
    let finished = 0;
    await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const slots = instances[n % instances.length]!;
        let release: (() => Promise<void>) | null;
        while (!(release = await slots.tryAcquire('shop.example'))) await sleep(10);
        most = Math.max(most, ++running);
        await sleep(50);
        running--;
        finished++;
        await release();
      }),
    );
    expect(finished).toBe(count);
    return most;
  }

  it('never runs more than `limit` samples of one host at once', async () => {
    expect(await crowd([open(2)], 6)).toBe(2);
  });

  it('refuses a full host, not another one', async () => {
    const slots = open(1);
    const release = await slots.tryAcquire('a.example');
    expect(release).toBeTypeOf('function');
    expect(await slots.tryAcquire('a.example')).toBeNull();
    expect(await slots.tryAcquire('b.example')).toBeTypeOf('function');
    await release!();
    expect(await slots.tryAcquire('a.example')).toBeTypeOf('function');
  });

  it('frees one slot however often a release is called', async () => {
    const slots = open(2);
    const first = (await slots.tryAcquire('a.example'))!;
    const second = (await slots.tryAcquire('a.example'))!;
    await first();
    await first();
    expect(await slots.tryAcquire('a.example')).toBeTypeOf('function');
    expect(await slots.tryAcquire('a.example')).toBeNull();
    await second();
    expect(await slots.tryAcquire('a.example')).toBeTypeOf('function');
  });

  it('refuses calls once closed', async () => {
    const slots = open(1);
    await slots.close();
    await expect(slots.tryAcquire('a.example')).rejects.toBeInstanceOf(HostSlotsClosedError);
  });

  onRedis('shares the limit between worker processes', async () => {
    expect(await crowd([open(2), open(2), open(2)], 9)).toBe(2);
  });

  onRedis('keeps a slot past its lease while the holder renews it', async () => {
    const holder = open(1, { leaseMs: 300 });
    const release = (await holder.tryAcquire('a.example'))!;
    const other = open(1, { leaseMs: 300 });
    await sleep(1000);
    expect(await other.tryAcquire('a.example')).toBeNull();
    await release();
    expect(await other.tryAcquire('a.example')).toBeTypeOf('function');
  });

  onRedis("frees a vanished holder's slot once its lease runs out", async () => {
    const connection = new Redis(testRedisUrl!);
    connections.push(connection);
    const doomed = open(1, { leaseMs: 300, connection });
    expect(await doomed.tryAcquire('a.example')).toBeTypeOf('function');
    // The process is gone: no renewal, no release reaches Redis any more.
    connection.disconnect();
    const survivor = open(1);
    expect(await survivor.tryAcquire('a.example')).toBeNull();
    await sleep(400);
    expect(await survivor.tryAcquire('a.example')).toBeTypeOf('function');
  });
});

describe('hostOf', () => {
  it('is the lowercased hostname, without port; an unparsable URL is itself', () => {
    expect(hostOf('https://Shop.Example:8443/cart?x=1')).toBe('shop.example');
    expect(hostOf('http://shop.example/')).toBe(hostOf('https://SHOP.example/other'));
    expect(hostOf('not a url')).toBe('not a url');
  });
});
