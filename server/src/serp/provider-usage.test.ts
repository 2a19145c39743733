import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { SerpProviderUsage } from './provider-usage';

describeOnDatabases('SERP provider usage', (database) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('adds every call of concurrent writers, and starts afresh each calendar month', async () => {
    t = await buildTestApp({ postgres: database.postgres });
    const clock = new TestClock(new Date('2026-11-30T23:50:00Z'));
    // Two stores over one database, as two processes would have.
    const stores = [new SerpProviderUsage(t.db, clock), new SerpProviderUsage(t.db, clock)];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stores[i % 2]!.record(
          'serper',
          i % 5 === 0 ? { ok: false, error: `failure ${i}` } : { ok: true, results: 10 },
        ),
      ),
    );
    const [serper, serpapi] = await stores[0]!.thisMonth(['serper', 'serpapi']);
    expect(serper).toMatchObject({
      source: 'serper',
      month: '2026-11',
      calls: 20,
      failures: 4,
      results: 160,
    });
    expect(serper!.lastError).toMatchObject({ at: '2026-11-30T23:50:00.000Z' });
    expect(serper!.lastError!.message).toMatch(/^failure (0|5|10|15)$/);
    expect(serpapi).toEqual({
      source: 'serpapi',
      month: '2026-11',
      calls: 0,
      failures: 0,
      results: 0,
      lastError: null,
    });

    // A success keeps the month's last error.
    await stores[0]!.record('serper', { ok: true, results: 3 });
    expect((await stores[0]!.thisMonth(['serper']))[0]!.lastError).not.toBeNull();

    clock.advanceMinutes(15);
    await stores[1]!.record('serper', { ok: true, results: 7 });
    expect(await stores[0]!.thisMonth(['serper'])).toEqual([
      { source: 'serper', month: '2026-12', calls: 1, failures: 0, results: 7, lastError: null },
    ]);
  });
});
