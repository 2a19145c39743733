import crypto from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Check } from '@core/schemas/checks';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { entitlementsOf } from '@core/entitlements';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../../test/build-test-app';
import { describeOnDatabases } from '../../../test/backends';
import { SandboxLab } from '../../../test/sandbox-lab';
import { signUp } from '../../../test/users';
import { InProcessJobs } from '../../jobs/in-process-jobs';
import type { Jobs } from '../../jobs/port';
import { NoFieldData } from '../../providers/field-data/none';
import { speedSamplesQueue } from '../../speed/sample-queue';
import { steadySandboxPage } from '../../../test/sandbox-pages';
import { buildManifest, RESPONSE_HEADER_BYTES } from '@sandbox';

const API = '/backend-service/v1';
const LIGHT = steadySandboxPage('light', 8080);
const HEAVY = steadySandboxPage('heavy-images', 8080);

describeOnDatabases('CI checks', ({ postgres }) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeEach(async () => {
    t = await buildTestApp({
      postgres,
      env: SCRIPTED_LAB_ENV,
      overrides: { lab: new SandboxLab(0), field: new NoFieldData() },
    });
    user = await signUp(t.app, 3);
  });
  afterEach(async () => t?.close());

  const start = (payload: object, headers = user.headers) =>
    t.app.inject({ method: 'POST', url: `${API}/checks`, headers, payload });

  /** Reads the check until its runs ended, as a pipeline polls. */
  async function finished(id: string): Promise<Check> {
    for (;;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/checks/${id}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      const check = res.json<Check>();
      if (check.status === 'done') return check;
      expect(check.verdict).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const used = () => t.app.services.quotas.used(user.workspace.id, 'speed');

  it('keeps nothing of a check whose samples could not all be queued, and charges nothing', async () => {
    await t.close();
    // The queue fails at the fourth sample: two of the second URL's three never queue.
    const inner = new InProcessJobs();
    let samples = 0;
    const flaky = new Proxy(inner, {
      get(target, prop) {
        if (prop === 'enqueue')
          return async (...args: Parameters<Jobs['enqueue']>) => {
            if (args[0] === speedSamplesQueue.name && ++samples === 4)
              throw new Error('The queue is gone.');
            return target.enqueue(...args);
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    t = await buildTestApp({
      postgres,
      env: SCRIPTED_LAB_ENV,
      overrides: { lab: new SandboxLab(0), field: new NoFieldData(), jobs: flaky },
    });
    user = await signUp(t.app, 3);
    const res = await start({ urls: [LIGHT, HEAVY], device: 'mobile', samples: 3 });
    expect(res.statusCode).toBe(500);
    expect(samples).toBe(4);
    const rows = (table: 'speed_tests' | 'speed_runs' | 'speed_test_urls' | 'ci_checks') =>
      t.db.kysely.selectFrom(table).selectAll().execute();
    for (const table of ['speed_tests', 'speed_runs', 'speed_test_urls', 'ci_checks'] as const)
      expect(await rows(table), table).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('measures each URL’s samples, judges the budget on the medians, and charges a speed test per URL', async () => {
    const res = await start({
      urls: [LIGHT, HEAVY],
      device: 'mobile',
      samples: 3,
      budget: { performance: 50, lcp: 3000 },
      ref: { repository: 'scoops/site', commit: 'a1b2c3d4e5', pullRequest: 7, branch: 'faster' },
    });
    expect(res.statusCode).toBe(202);
    expect(await used()).toBe(2);
    const check = await finished(res.json<{ id: string }>().id);
    expect(check.verdict).toBe('fail');
    expect(check.budgetKept).toBe(false);
    expect(check.runIds).toHaveLength(6);
    expect(check.ref).toEqual({
      repository: 'scoops/site',
      commit: 'a1b2c3d4e5',
      pullRequest: 7,
      branch: 'faster',
    });
    const [light, heavy] = check.pages;
    expect(light!.samples).toEqual({ requested: 3, done: 3, failed: 0 });
    // The stand-in lab's light page paints its largest element at about 1.8 s on mobile,
    // a heavy-images page 3 s later.
    const lcp = (page: typeof light) => page!.budget.find((row) => row.limit === 'lcp')!;
    expect(lcp(light)).toMatchObject({ budget: 3000, keep: 'atMost', pass: true });
    expect(lcp(light).value).toBeCloseTo(1800, -2);
    expect(lcp(heavy)).toMatchObject({ pass: false });
    expect(lcp(heavy).value).toBeGreaterThan(4500);
    expect(light!.median!.lcp).toBe(lcp(light).value);
    // Nothing is tracked in the workspace: no change, and it says why.
    expect(light!.change).toBeNull();
    expect(light!.changeNote).toMatch(/No tracked page/);

    const list = await t.app.inject({ method: 'GET', url: `${API}/checks`, headers: user.headers });
    expect(list.json()).toMatchObject({
      checks: [{ id: check.id, verdict: 'fail', urls: [LIGHT, HEAVY], ref: { pullRequest: 7 } }],
      next: null,
    });
  });

  it('judges sizes and counts on the weights the sandbox manifest knows', async () => {
    const page = buildManifest({ port: 8080 }).pages.find((p) => p.url === LIGHT)!;
    const { eager, lazyImages } = page.weight;
    const documentKib = (eager.document.bytes + RESPONSE_HEADER_BYTES) / 1024;
    const images = eager.image.requests + lazyImages.requests;
    const res = await start({
      urls: [LIGHT],
      samples: 1,
      budget: {
        resourceSizes: { document: Math.floor(documentKib * 10) / 10 - 0.1, stylesheet: 100 },
        resourceCounts: { image: images, 'third-party': 0 },
      },
    });
    const check = await finished(res.json<{ id: string }>().id);
    const [light] = check.pages;
    expect(light!.resources!.document).toEqual({
      requests: 1,
      bytes: eager.document.bytes + RESPONSE_HEADER_BYTES,
    });
    expect(light!.budget.map((row) => [row.limit, row.value, row.pass])).toEqual([
      ['resourceSizes.document', Math.round(documentKib * 10) / 10, false],
      ['resourceSizes.stylesheet', expect.any(Number), true],
      ['resourceCounts.image', images, true],
      ['resourceCounts.third-party', 0, true],
    ]);
    expect(check).toMatchObject({ verdict: 'fail', budgetKept: false });
  });

  it('measures the categories a budget names and judges their minimum scores', async () => {
    const lab = buildManifest({ port: 8080 }).lighthouseLab;
    const faulty = lab.faultyUrls.find((url) => url.includes('describing-images'))!;
    const res = await start({
      urls: [faulty, LIGHT],
      samples: 1,
      budget: { performance: 50, accessibility: 90, seo: 90 },
    });
    const check = await finished(res.json<{ id: string }>().id);
    const [faultyPage, light] = check.pages;
    // The stand-in lab scores what the manifest plants: no alt and low contrast here.
    expect(faultyPage!.budget.map((row) => [row.limit, row.value, row.pass])).toEqual([
      ['performance', expect.any(Number), true],
      ['accessibility', 84, false],
      ['seo', 100, true],
    ]);
    // Every sandbox site but the lab's answers noindex: SEO's is-crawlable fails there.
    expect(light!.budget.find((row) => row.limit === 'seo')).toMatchObject({
      value: 92,
      pass: true,
    });
    expect(check).toMatchObject({ verdict: 'fail', budgetKept: false });
  });

  it('applies the last matching entry of a Lighthouse budget file to each URL', async () => {
    const heavyPath = new URL(HEAVY).pathname;
    const res = await start({
      urls: [LIGHT, HEAVY],
      samples: 1,
      budget: [
        { path: '/', timings: [{ metric: 'largest-contentful-paint', budget: 10_000 }] },
        {
          path: `${heavyPath}$`,
          timings: [
            { metric: 'largest-contentful-paint', budget: 2500 },
            { metric: 'first-meaningful-paint', budget: 2000 },
          ],
        },
      ],
    });
    const check = await finished(res.json<{ id: string }>().id);
    const [light, heavy] = check.pages;
    expect(light!.budget.map((row) => [row.limit, row.budget, row.pass])).toEqual([
      ['lcp', 10_000, true],
    ]);
    expect(heavy!.budget.map((row) => [row.limit, row.budget, row.pass])).toEqual([
      ['lcp', 2500, false],
      // Lighthouse 12 dropped the metric: unknown, neither kept nor broken.
      ['timings.first-meaningful-paint', 2000, null],
    ]);
    expect(heavy!.budget[1]!.note).toMatch(/no longer measure/);
  });

  it('reports the change against the tracked page’s recent checks with its p-value', async () => {
    const page = await t.app.inject({
      method: 'POST',
      url: `${API}/tracking/pages`,
      headers: user.headers,
      payload: { url: LIGHT, devices: ['mobile'] },
    });
    expect(page.statusCode).toBe(201);
    const pageId = page.json<{ id: string }>().id;
    // Five earlier good checks of the page, each of three samples painting at 1.0–1.1 s.
    for (let c = 0; c < 5; c++) {
      const checkId = crypto.randomUUID();
      await t.db.kysely
        .insertInto('tracking_checks')
        .values({
          id: checkId,
          page_id: pageId,
          device: 'mobile',
          trigger: 'schedule',
          status: 'done',
          state: 'ok',
          started_at: new Date(Date.now() - (c + 1) * 3_600_000).toISOString(),
          regression: 0,
          reasons: '[]',
          detailed: 1,
        })
        .execute();
      for (let s = 1; s <= 3; s++) {
        await t.db.kysely
          .insertInto('tracking_samples')
          .values({
            check_id: checkId,
            sample: s,
            source: 'local-lighthouse',
            psi: 99,
            lcp: 1000 + c * 20 + s,
          })
          .execute();
      }
    }
    const res = await start({ urls: [LIGHT], samples: 5 });
    const check = await finished(res.json<{ id: string }>().id);
    const change = check.pages[0]!.change!;
    expect(change.trackedPageId).toBe(pageId);
    expect(change.historySamples).toBe(15);
    const lcp = change.metrics.find((m) => m.metric === 'lcp')!;
    expect(lcp.a).toBe(1042);
    expect(lcp.pValue).toBeLessThan(0.01);
    expect(lcp).toMatchObject({ significant: true, worse: true });
    expect(check).toMatchObject({ verdict: 'fail', budgetKept: true, regressed: true });

    // Compared with nothing, the same page passes.
    const alone = await start({ urls: [LIGHT], samples: 1, compareWith: 'none' });
    const plain = await finished(alone.json<{ id: string }>().id);
    expect(plain).toMatchObject({ verdict: 'pass', regressed: false });
    expect(plain.pages[0]).toMatchObject({ change: null, changeNote: null });
  });

  it('refuses before anything runs or is paid: a private URL, too many samples, a month used up', async () => {
    const privateUrl = await start({ urls: [LIGHT, 'http://127.0.0.1:9/'] });
    expect(privateUrl.statusCode).toBe(400);
    const free = await signUp(t.app, 1);
    const samples = entitlementsOf(1).sampleLimit + 1;
    const tooMany = await start({ urls: [LIGHT], samples }, free.headers);
    // As a speed test refuses them.
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: QUOTA_MESSAGES.upgradeForSamples(samples - 1),
    });
    const monthly = entitlementsOf(3).monthlyLimit('speed');
    await t.app.services.quotas.consume(user.workspace.id, 'speed', monthly, monthly - 1);
    const over = await start({ urls: [LIGHT, HEAVY], samples: 1 });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: QUOTA_MESSAGES.monthlyTestLimit });
    expect(await used()).toBe(monthly - 1);
    expect(await t.db.kysely.selectFrom('ci_checks').select('id').execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('speed_runs').select('id').execute()).toEqual([]);

    const bad = await start({ urls: [], samples: 9, budget: { lcp: -1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a workspace’s checks from another', async () => {
    const res = await start({ urls: [LIGHT], samples: 1 });
    const { id } = res.json<{ id: string }>();
    const stranger = await signUp(t.app, 3);
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/checks/${id}`,
      headers: stranger.headers,
    });
    expect(read.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/checks`,
      headers: stranger.headers,
    });
    expect(list.json()).toEqual({ checks: [], next: null });
  });
});
