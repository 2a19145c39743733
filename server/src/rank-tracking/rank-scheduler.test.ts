import { afterEach, expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { standInProvider } from '../../test/serp-stand-ins';
import { signUp } from '../../test/users';
import type { SerpProvider } from '../providers/serp/port';
import { nextDue } from '../shared/schedule';

const DAY_MS = 86_400_000;

describeOnDatabases('Rank checks’ schedule', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = async (chain: SerpProvider[], clock: TestClock) => {
    t = await buildTestApp({
      postgres,
      clock,
      env: { RANK_CONCURRENCY: '2', RANK_PROVIDER_GAP_MS: '0' },
      overrides: { serpChain: chain },
    });
    const user = await signUp(t.app, 4);
    const rows = await t.app.services.rank.keywords.add(
      user.workspace,
      Array.from({ length: 5 }, (_, i) => ({
        keyword: `flavor ${i}`,
        domain: 'scoops.example',
        device: 'mobile' as const,
        country: 'us',
        depth: 30,
        competitors: [],
        tags: [],
        alerts: { move: null, top3: false, top10: false, features: false },
      })),
    );
    return { user, ids: rows.map((row) => row.id) };
  };

  const checksOf = (id?: string) =>
    t.db.kysely
      .selectFrom('rank_checks')
      .selectAll()
      .$if(id !== undefined, (q) => q.where('keyword_id', '=', id!))
      .execute();

  it('queues due keywords in bounded batches, spreads their next checks over the day, and meters none', async () => {
    const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    const vendor = standInProvider('serpapi', { total: 100, places: { 3: 'scoops.example' } });
    const { user, ids } = await start([vendor], clock);
    const rank = t.app.services.rank;
    expect(await rank.findDue(10)).toHaveLength(5);
    // Twice RANK_CONCURRENCY at most waiting or running: the fifth stays in the table.
    expect(await rank.tick()).toBe(4);
    await vi.waitFor(async () => expect(await checksOf()).toHaveLength(4));
    await vi.waitFor(async () => expect(await rank.findDue(10)).toHaveLength(1));
    expect(await rank.tick()).toBe(1);
    await vi.waitFor(async () => expect(await checksOf()).toHaveLength(5));
    await vi.waitFor(async () => expect(await rank.findDue(10)).toEqual([]));
    const rows = await t.db.kysely.selectFrom('rank_keywords').selectAll().execute();
    const now = clock.now().getTime();
    for (const row of rows) {
      // Its own daily slot, at least half a day on, hashed from its id.
      expect(row.next_check_at).toBe(nextDue(clock.now(), row.id, 'daily').toISOString());
      const at = Date.parse(row.next_check_at);
      expect(at).toBeGreaterThanOrEqual(now + DAY_MS / 2);
      expect(at).toBeLessThanOrEqual(now + 1.5 * DAY_MS);
      expect(row.lease_owner).toBeNull();
    }
    expect(new Set(rows.map((row) => row.next_check_at)).size).toBe(ids.length);
    // The plan's number of keywords is the allowance: scheduled checks use no search.
    expect(await t.app.services.quotas.used(user.userId, 'serp')).toBe(0);
  });

  it('runs one check of a keyword when two jobs take it at once', async () => {
    const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const vendor = standInProvider('serpapi', { total: 100, places: { 3: 'scoops.example' } });
    const slow: SerpProvider = {
      source: 'serpapi',
      search: async (query) => {
        await gate;
        return vendor.search(query);
      },
    };
    const { ids } = await start([slow], clock);
    const rank = t.app.services.rank;
    const first = rank.runScheduled(ids[0]!, 'job-a');
    // The lease is the first job's while it runs: the second finds it taken and does nothing.
    await vi.waitFor(async () => {
      const row = await t.db.kysely
        .selectFrom('rank_keywords')
        .select('lease_owner')
        .where('id', '=', ids[0]!)
        .executeTakeFirstOrThrow();
      expect(row.lease_owner).toBe('job-a');
    });
    await rank.runScheduled(ids[0]!, 'job-b');
    release();
    await first;
    expect(await checksOf(ids[0]!)).toHaveLength(1);
    // Checked, it is no longer due: a job queued for it twice finds nothing to do.
    await rank.runScheduled(ids[0]!, 'job-c');
    expect(await checksOf(ids[0]!)).toHaveLength(1);
  });
});
