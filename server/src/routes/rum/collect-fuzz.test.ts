import { test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { beaconRequest, type BeaconTarget } from '../../../test/fuzz/beacon-arbitrary';
import { signUp } from '../../../test/users';
import { RUM_COLLECT_PATH } from './collect';

/** Generated requests per database; `npm run fuzz` asks for many more. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const ORIGIN = 'https://scoops.example';

/**
 * Whatever comes to the collect endpoint (any body, content type, method, origin, privacy
 * signal, user agent or forwarded address) is answered below 500, and a beacon is stored
 * only when it is answered 204 without GPC: then as many values as its metrics, never more.
 */
describeOnDatabases('RUM collect fuzzing', ({ postgres }) => {
  let t: TestApp;
  // The site's key is set to this one, so generated beacons can name it.
  const target: BeaconTarget = { key: 'fuzz-site-key', origin: ORIGIN };

  beforeAll(async () => {
    t = await buildTestApp({ postgres });
    const user = await signUp(t.app, 2);
    const site = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/rum/sites',
      headers: user.headers,
      payload: { name: 'Scoops', origins: [ORIGIN] },
    });
    await t.db.kysely
      .updateTable('rum_sites')
      .set({ key: target.key })
      .where('id', '=', site.json<{ id: string }>().id)
      .execute();
  }, 60_000);
  afterAll(async () => t?.close());

  /** Values stored so far, targets apart, once what the buffer holds is written. */
  async function stored(): Promise<{ values: number; targets: number }> {
    await t.app.services.rumBuffer.flush();
    const sum = (table: 'rum_counts' | 'rum_targets') =>
      t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n ?? 0));
    return { values: await sum('rum_counts'), targets: await sum('rum_targets') };
  }

  test.prop([beaconRequest(target)], { numRuns: RUNS, includeErrorInReport: true })(
    'never a server error, and nothing stored of a refused beacon',
    async (request) => {
      const before = await stored();
      const res = await t.app.inject({
        method: request.method,
        url: RUM_COLLECT_PATH,
        headers: request.headers,
        ...(request.body !== undefined && { payload: request.body }),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const after = await stored();
      const added = {
        values: after.values - before.values,
        targets: after.targets - before.targets,
      };
      if (res.statusCode !== 204 || request.headers['sec-gpc'] === '1') {
        expect(added).toEqual({ values: 0, targets: 0 });
        return;
      }
      const { metrics } = JSON.parse(request.body!) as { metrics: unknown[] };
      expect([0, metrics.length]).toContain(added.values);
      expect(added.targets).toBeLessThanOrEqual(added.values);
    },
    120_000,
  );
});
