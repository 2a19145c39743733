import { afterEach, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import type { Comparison, TrackingCheckDetail, TrackingStorage } from '@core/schemas/tracking';
import { type TestApp } from '../../../test/build-test-app';
import type { TestClock } from '../../../test/clock';
import { buildProfileLabApp, profileFingerprint, type ProfileLab } from '../../../test/profile-lab';
import { signUp } from '../../../test/users';
import { retentionSweep } from '../../retention/retention-sweep';
import { storedFilmstrip } from '../../speed/filmstrip';
import { describeOnDatabases } from '../../../test/backends';

const PAGES = '/backend-service/v1/tracking/pages';
const STORAGE = '/backend-service/v1/tracking/storage';
const URL = 'http://scoops.sandbox.localhost:8080/';

const fingerprint = profileFingerprint();

describeOnDatabases('comparing checks, tracking details and storage', ({ postgres }) => {
  let t: TestApp;
  let lab: ProfileLab;
  let clock: TestClock;
  afterEach(async () => t?.close());

  async function setup(planId: number, env: Record<string, string> = {}) {
    ({ t, lab, clock } = await buildProfileLabApp(postgres, {
      SESSION_TTL_HOURS: String(365 * 24),
      ...env,
    }));
    return signUp(t.app, planId);
  }
  type Headers = Record<string, string>;
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const create = async (headers: Headers, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: PAGES,
      headers,
      payload: { url: URL, devices: ['mobile'], ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  /** Runs the page now, waits for its check and returns its id. */
  const runNow = async (headers: Headers, id: string) => {
    const res = await t.app.inject({ method: 'POST', url: `${PAGES}/${id}/run`, headers });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.services.tracking.scheduler.idle();
    clock.advanceMinutes(60);
    return (res.json() as { checks: { id: string }[] }).checks[0]!.id;
  };
  const storage = async (headers: Headers) =>
    (await get(STORAGE, headers)).json() as TrackingStorage;
  const detail = async (headers: Headers, id: string, checkId: string) =>
    (await get(`${PAGES}/${id}/checks/${checkId}`, headers)).json() as TrackingCheckDetail;

  it('compares two checks: medians, differences, significance, fingerprints', async () => {
    const { headers } = await setup(2);
    const id = await create(headers, { samples: 5 });
    const fast = await runNow(headers, id);
    lab.profile = 'slow';
    const slow = await runNow(headers, id);

    const res = await get(`${PAGES}/${id}/compare?a=${fast}&b=${slow}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const comparison = res.json() as Comparison;
    expect(comparison.a.id).toBe(fast);
    expect(comparison.b.id).toBe(slow);
    expect(comparison.b.samples).toHaveLength(5);
    const by = Object.fromEntries(comparison.metrics.map((m) => [m.metric, m]));
    expect(Object.keys(by)).toEqual(['psi', 'fcp', 'si', 'lcp', 'tti', 'tbt', 'cls']);
    // Five fast samples against five slow ones, every slow one worse.
    expect(by.lcp).toMatchObject({ a: 1800, b: 4800, difference: 3000, significant: true });
    expect(by.lcp!.pValue).toBeLessThan(0.05);
    expect(by.psi).toMatchObject({ a: 92, b: 55, difference: -37, significant: true });
    // Same lab, same machine: measured alike (or not known, which is not a difference).
    expect(comparison.fingerprintsDiffer).toBe(false);

    // The other way round: the same p, the difference's sign turned.
    const back = (await get(`${PAGES}/${id}/compare?a=${slow}&b=${fast}`, headers)).json();
    expect(back.metrics[3]).toMatchObject({ difference: -3000, pValue: by.lcp!.pValue });
  });

  it("compares the checks' audits: a changed outcome, and one a Lighthouse version lacks", async () => {
    const { headers } = await setup(2);
    const id = await create(headers, { samples: 1 });
    const fast = await runNow(headers, id);
    lab.profile = 'slow';
    const slow = await runNow(headers, id);
    const same = (await get(`${PAGES}/${id}/compare?a=${fast}&b=${slow}`, headers)).json();
    expect((same as Comparison).audits).toEqual({
      versions: ['12.8.2', '12.8.2'],
      versionsDiffer: false,
      changes: [
        {
          id: 'render-blocking-resources',
          title: 'Render-blocking requests',
          category: 'Performance',
          a: { outcome: 'passed' },
          b: { outcome: 'failed' },
        },
      ],
    });

    // A check measured by Lighthouse 13: 12's audit is not in it, its insight not in 12.
    lab.environment = { ...lab.environment!, lighthouseVersion: '13.5.0' };
    const newer = await runNow(headers, id);
    const across = (await get(`${PAGES}/${id}/compare?a=${slow}&b=${newer}`, headers)).json();
    expect((across as Comparison).audits).toMatchObject({
      versions: ['12.8.2', '13.5.0'],
      versionsDiffer: true,
      changes: [
        {
          id: 'render-blocking-resources',
          a: { outcome: 'failed' },
          b: { outcome: 'absent', note: 'not in Lighthouse 13.5.0' },
        },
        {
          id: 'render-blocking-insight',
          a: { outcome: 'absent', note: 'not in Lighthouse 12.8.2' },
          b: { outcome: 'failed' },
        },
      ],
    });
  });

  it('refuses the same check twice, unknown checks and other pages’ checks', async () => {
    const { headers } = await setup(2);
    const id = await create(headers, { samples: 1 });
    const check = await runNow(headers, id);
    const otherPage = await create(headers, { samples: 1, url: `${URL}other` });
    const otherCheck = await runNow(headers, otherPage);
    const compare = (query: string, as: Headers = headers, page = id) =>
      get(`${PAGES}/${page}/compare?${query}`, as);

    const same = await compare(`a=${check}&b=${check}`);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: TRACKING_MESSAGES.sameCheck, code: 'same_check' });
    for (const query of [`a=${check}&b=${otherCheck}`, `a=${crypto.randomUUID()}&b=${check}`]) {
      const missing = await compare(query);
      expect(missing.statusCode, query).toBe(404);
      expect(missing.json()).toEqual({
        message: TRACKING_MESSAGES.checkNotFound,
        code: 'check_not_found',
      });
    }
    const stranger = await signUp(t.app, 2);
    for (const [as, page] of [
      [stranger.headers, id],
      [headers, crypto.randomUUID()],
    ] as const) {
      const refused = await compare(`a=${check}&b=${otherCheck}`, as, page);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('tracked_page_not_found');
    }
    expect((await compare(`a=${check}`)).statusCode).toBe(400);
    expect((await compare(`a=${check}&b=not-a-uuid`)).statusCode).toBe(400);
    expect((await compare(`a=${check}&b=${otherCheck}`, {})).statusCode).toBe(401);
  });

  it('keeps frames, insights and fingerprints for the last TRACKING_DETAIL_CHECKS checks only; storage follows', async () => {
    const { headers } = await setup(1, { TRACKING_DETAIL_CHECKS: '2' });
    const stranger = await signUp(t.app, 1);
    expect(await storage(headers)).toEqual({ pages: 0, checks: 0, bytes: 0 });
    const id = await create(headers, { samples: 3 });
    expect(await storage(headers)).toEqual({ pages: 1, checks: 0, bytes: 0 });

    const checks: string[] = [];
    let bytes = 0;
    for (let i = 0; i < 4; i++) {
      checks.push(await runNow(headers, id));
      // Every check with its representative run's frames and its samples' fingerprints,
      // whatever the lab reported.
      await t.db.kysely
        .updateTable('tracking_checks')
        .set({
          filmstrip: storedFilmstrip([`data:image/jpeg;base64,${'A'.repeat(4000)}`], [900]),
        })
        .where('id', '=', checks[i]!)
        .execute();
      await t.db.kysely
        .updateTable('tracking_samples')
        .set({ fingerprint: JSON.stringify(fingerprint) })
        .where('check_id', '=', checks[i]!)
        .execute();
      const now = await storage(headers);
      expect(now.checks).toBe(i + 1);
      expect(now.bytes).toBeGreaterThan(bytes + 4000);
      bytes = now.bytes;
    }
    expect(await storage(stranger.headers)).toEqual({ pages: 0, checks: 0, bytes: 0 });
    const medians = await Promise.all(
      checks.map(async (c) => (await detail(headers, id, c)).median),
    );

    await retentionSweep.pass(t.app.services, t.app.log);

    for (const [i, checkId] of checks.entries()) {
      const found = await detail(headers, id, checkId);
      const kept = i >= 2;
      expect(found.filmstrip, `check ${i + 1}`).toEqual(
        kept ? [{ ms: 900, data: expect.stringMatching(/^data:image\/jpeg/) }] : [],
      );
      // The insights go with the frames.
      expect(found.insights?.map((insight) => insight.id) ?? null, `check ${i + 1}`).toEqual(
        kept ? ['render-blocking-insight'] : null,
      );
      // Metrics stay; an old check keeps its representative sample's fingerprint only.
      expect(found.median).toEqual(medians[i]);
      expect(found.samples.map((s) => s.metrics !== null)).toEqual([true, true, true]);
      expect(found.samples.map((s) => s.fingerprint !== null)).toEqual(
        kept ? [true, true, true] : [true, false, false],
      );
    }
    const pruned = await storage(headers);
    expect(pruned.checks).toBe(4);
    expect(pruned.bytes).toBeLessThan(bytes - 2 * 4000);

    // A new check pushes one more out; a second pass has nothing left to do.
    checks.push(await runNow(headers, id));
    await retentionSweep.pass(t.app.services, t.app.log);
    const details = await t.db.kysely
      .selectFrom('tracking_checks')
      .select(['id', 'detailed'])
      .orderBy('started_at')
      .execute();
    expect(details.map((row) => Number(row.detailed))).toEqual([0, 0, 0, 1, 1]);
    expect(details.map((row) => row.id)).toEqual(checks);

    const deleted = await t.app.inject({ method: 'DELETE', url: `${PAGES}/${id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(await storage(headers)).toEqual({ pages: 0, checks: 0, bytes: 0 });
    expect((await get(STORAGE, {})).statusCode).toBe(401);
  });
});
