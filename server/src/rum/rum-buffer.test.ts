import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { mulberry32 } from '@sandbox';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { RumBuffer } from './rum-buffer';
import { RumCounts } from './rum-counts';
import type { RumTally, RumValue } from './rum-tally';

const lcp = (value: number, target?: string): RumValue => ({
  device: 'mobile',
  connection: '4g',
  pageGroup: '/flavors',
  metric: 'LCP',
  value,
  target,
});

/** A logger that keeps what was logged at error level. */
function errorLog() {
  const errors: { values: number; message: string }[] = [];
  const log = {
    error: ({ values }: { values: number }, message: string) => errors.push({ values, message }),
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

describeOnDatabases('RUM buffer', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { userId } = await signUp(t.app);
    const site = async () => {
      const id = crypto.randomUUID();
      await t.db.kysely
        .insertInto('rum_sites')
        .values({
          id,
          workspace_id: userId,
          name: 'Scoops',
          key: crypto.randomUUID(),
          origins: JSON.stringify(['https://scoops.example']),
          sample_rate: 1,
          created_at: clock.now().toISOString(),
        })
        .execute();
      return id;
    };
    const today = clock.now().toISOString().slice(0, 10);
    const counts = new RumCounts(t.db, clock);
    const stored = async (siteId: string) => {
      const { LCP } = await counts.figures(siteId, { from: today, to: today });
      const targets = await t.db.kysely
        .selectFrom('rum_targets')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return { samples: LCP?.samples ?? 0, targets: Number(targets?.n ?? 0) };
    };
    return { clock, site, counts, stored };
  }

  it('loses no count when several instances hold and write the same rows at once', async () => {
    const { clock, site, stored } = await setup();
    const siteId = await site();
    const next = mulberry32(7);
    // Three API instances on one database, each writing early past 40 rows, so their
    // writes of overlapping rows run at the same time.
    const buffers = [0, 1, 2].map(
      () => new RumBuffer(new RumCounts(t.db, clock), clock, errorLog().log, { maxRows: 40 }),
    );
    await Promise.all(
      buffers.map(async (buffer) => {
        for (let beacon = 0; beacon < 300; beacon++) {
          const target = beacon % 3 === 0 ? 'main > img.hero' : 'h1';
          await buffer.add(siteId, [lcp(800 + next() * 4000, target)], []);
          if (beacon % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    await Promise.all(buffers.map((buffer) => buffer.flush()));
    expect(await stored(siteId)).toEqual({ samples: 900, targets: 900 });
  });

  it('writes early past its bound, and makes beacons wait past twice that', async () => {
    const { clock, site, stored } = await setup();
    const siteId = await site();
    const buffer = new RumBuffer(new RumCounts(t.db, clock), clock, errorLog().log, {
      maxRows: 10,
    });
    let most = 0;
    // Each value its own bucket: one row more per beacon.
    for (let i = 0; i < 100; i++) {
      await buffer.add(siteId, [lcp(100 * 1.05 ** i)]);
      most = Math.max(most, buffer.size);
    }
    expect(most).toBeLessThan(20);
    await vi.waitFor(async () => expect((await stored(siteId)).samples).toBeGreaterThan(80));
    await buffer.flush();
    expect(await stored(siteId)).toEqual({ samples: 100, targets: 0 });
    expect(buffer.size).toBe(0);
  });

  it('tries a failed write’s counts once more with the next, then gives them up', async () => {
    const { clock, site, stored, counts } = await setup();
    const siteId = await site();
    let failures = 0;
    const flaky = {
      write: (tally: RumTally) =>
        failures-- > 0 ? Promise.reject(new Error('database away')) : counts.write(tally),
    };
    const { log, errors } = errorLog();
    const buffer = new RumBuffer(flaky, clock, log);
    failures = 1;
    await buffer.add(siteId, [lcp(1000), lcp(1100)]);
    await buffer.flush();
    expect(errors).toEqual([
      { values: 2, message: 'RUM counts not written: tried again with the next write' },
    ]);
    await buffer.add(siteId, [lcp(1200)]);
    await buffer.flush();
    expect(await stored(siteId)).toEqual({ samples: 3, targets: 0 });

    failures = 2;
    errors.length = 0;
    await buffer.add(siteId, [lcp(1300)]);
    await buffer.flush();
    await buffer.add(siteId, [lcp(1400), lcp(1500)]);
    await buffer.flush();
    await buffer.flush();
    expect(errors).toEqual([
      { values: 1, message: 'RUM counts not written: tried again with the next write' },
      { values: 1, message: 'RUM counts lost: their retry failed' },
      { values: 2, message: 'RUM counts not written: tried again with the next write' },
    ]);
    expect(await stored(siteId)).toEqual({ samples: 5, targets: 0 });
  });

  it('writes every other site’s counts when one site was removed meanwhile', async () => {
    const { clock, site, stored } = await setup();
    const [kept, removed] = [await site(), await site()];
    const { log, errors } = errorLog();
    const buffer = new RumBuffer(new RumCounts(t.db, clock), clock, log);
    await buffer.add(kept, [lcp(1000, 'h1')]);
    await buffer.add(removed, [lcp(2000, 'h1')]);
    await t.db.kysely.deleteFrom('rum_sites').where('id', '=', removed).execute();
    await buffer.flush();
    expect(errors).toEqual([]);
    expect(await stored(kept)).toEqual({ samples: 1, targets: 1 });
    expect(await stored(removed)).toEqual({ samples: 0, targets: 0 });
  });

  it('keeps a beacon under the day it came, whenever it is written', async () => {
    const { clock, site, counts } = await setup();
    const siteId = await site();
    const buffer = new RumBuffer(counts, clock, errorLog().log);
    const day = clock.now().toISOString().slice(0, 10);
    await buffer.add(siteId, [lcp(1000)]);
    clock.advanceMinutes(24 * 60);
    await buffer.flush();
    const rows = await t.db.kysely.selectFrom('rum_counts').select(['day', 'count']).execute();
    expect(rows).toEqual([{ day, count: 1 }]);
  });
});
