import { afterEach, expect, it } from 'vitest';
import { mulberry32 } from '@sandbox';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { RumCounts } from './rum-counts';
import type { RumValue } from './rum-tally';

const DAY = 24 * 60;

describeOnDatabases('RUM counts', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { userId } = await signUp(t.app);
    const siteId = crypto.randomUUID();
    await t.db.kysely
      .insertInto('rum_sites')
      .values({
        id: siteId,
        workspace_id: userId,
        name: 'Scoops',
        key: crypto.randomUUID(),
        origins: JSON.stringify(['https://scoops.example']),
        sample_rate: 1,
        created_at: clock.now().toISOString(),
      })
      .execute();
    return { clock, siteId, today: clock.now().toISOString().slice(0, 10) };
  }

  const lcp = (value: number, device = 'mobile'): RumValue => ({
    device,
    connection: '4g',
    pageGroup: '/flavors',
    metric: 'LCP',
    value,
  });

  it('loses no count when several processes add at once, and reads p75 within 2 % of the values', async () => {
    const { clock, siteId, today } = await setup();
    const next = mulberry32(11);
    const values = Array.from({ length: 600 }, () => 800 + next() * 4000);
    // Three API instances on one database, each adding its share in small batches at once.
    const instances = [0, 1, 2].map(() => new RumCounts(t.db, clock));
    await Promise.all(
      instances.map(async (counts, i) => {
        for (let from = i * 200; from < i * 200 + 200; from += 20)
          await counts.add(
            siteId,
            values.slice(from, from + 20).map((v) => lcp(v)),
          );
      }),
    );
    const { LCP } = await instances[0]!.figures(siteId, { from: today, to: today });
    const sorted = [...values].sort((a, b) => a - b);
    const exact = sorted[Math.floor(0.75 * (sorted.length - 1))]!;
    expect(LCP!.samples).toBe(600);
    expect(Math.abs(LCP!.p75 - exact)).toBeLessThanOrEqual(0.02 * exact);
    // Shares come from the values themselves, not from their buckets' values.
    expect(LCP!.good).toBeCloseTo(values.filter((v) => v <= 2500).length / 600, 10);
    expect(LCP!.poor).toBeCloseTo(values.filter((v) => v > 4000).length / 600, 10);
  });

  it('writes a tally of more rows than one statement takes, each row once', async () => {
    const { clock, siteId } = await setup();
    const counts = new RumCounts(t.db, clock);
    // 1,300 rows: two full statements, then remainders of 256, 16 and 4 rows.
    const values = Array.from({ length: 1300 }, (_, i) => ({
      ...lcp(1000),
      pageGroup: `/flavors/${i}`,
      target: 'h1',
    }));
    await counts.add(siteId, [...values, ...values]);
    const totals = async (table: 'rum_counts' | 'rum_targets') =>
      t.db.kysely
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('count').as('n')])
        .executeTakeFirstOrThrow()
        .then(({ rows, n }) => [Number(rows), Number(n)]);
    expect(await totals('rum_counts')).toEqual([1300, 2600]);
    expect(await totals('rum_targets')).toEqual([1300, 2600]);
  });

  it('filters by day and device, leaves out metrics without values, and prunes after 13 months', async () => {
    const { clock, siteId, today } = await setup();
    const counts = new RumCounts(t.db, clock);
    await counts.add(siteId, [lcp(1000), lcp(3000, 'desktop')]);
    clock.advanceMinutes(DAY);
    await counts.add(siteId, [lcp(5000)]);
    const tomorrow = clock.now().toISOString().slice(0, 10);
    expect(await counts.figures(siteId, { from: today, to: today, device: 'mobile' })).toEqual({
      LCP: { p75: expect.closeTo(1000, -2), good: 1, needsImprovement: 0, poor: 0, samples: 1 },
    });
    const both = await counts.figures(siteId, { from: today, to: tomorrow });
    expect(both.LCP!.samples).toBe(3);
    expect(both.INP).toBeUndefined();
    clock.advanceMinutes(400 * DAY);
    expect(await counts.prune()).toBe(3);
    expect(await counts.figures(siteId, { from: today, to: tomorrow })).toEqual({});
  });

  it('names the elements and interactions behind the worst values, most poor first, and prunes them too', async () => {
    const { clock, siteId, today } = await setup();
    const counts = new RumCounts(t.db, clock);
    const on = (metric: RumValue['metric'], value: number, target?: string): RumValue => ({
      ...lcp(value),
      metric,
      target,
    });
    await counts.add(siteId, [
      on('LCP', 5000, 'main > img.hero'),
      on('LCP', 4500, 'main > img.hero'),
      on('LCP', 1200, 'main > img.hero'),
      on('LCP', 1000, 'h1'),
      on('LCP', 900, 'h1'),
      on('LCP', 950, 'h1'),
      on('LCP', 800, 'h1'),
      on('INP', 600, 'button#buy'),
      on('FCP', 900, 'ignored'),
      on('CLS', 0.3),
    ]);
    const { targets } = await counts.summary(siteId, { from: today, to: today });
    expect(targets).toEqual([
      {
        metric: 'LCP',
        pageGroup: '/flavors',
        target: 'main > img.hero',
        samples: 3,
        poor: 2 / 3,
        mean: expect.closeTo(3566.67, 1),
      },
      { metric: 'LCP', pageGroup: '/flavors', target: 'h1', samples: 4, poor: 0, mean: 912.5 },
      {
        metric: 'INP',
        pageGroup: '/flavors',
        target: 'button#buy',
        samples: 1,
        poor: 1,
        mean: 600,
      },
    ]);
    clock.advanceMinutes(400 * DAY);
    await counts.prune();
    expect((await counts.summary(siteId, { from: today, to: today })).targets).toEqual([]);
  });
});
