import { afterEach, expect, it } from 'vitest';
import { SPEED_MESSAGES } from '@core/messages';
import { SPEED_TEST_HISTORY, type SpeedTestComparison } from '@core/schemas/speed-tests';
import type { LabEnvironment, RunStatus } from '@core/speed';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { signUp } from '../../../test/users';
import { NoFieldData } from '../../providers/field-data/none';
import type { LabResult, LabRunRequest, LabSpeedProvider } from '../../providers/lab-speed/port';
import { retentionSweep } from '../../retention/retention-sweep';
import { describeOnDatabases } from '../../../test/backends';

const API = '/backend-service/v1';
const URL_ = 'http://scoops.sandbox.localhost:8080/';
const environment = (lighthouseVersion: string): LabEnvironment => ({
  lighthouseVersion,
  chromiumVersion: '131.0.0.0',
  benchmarkIndex: 2000,
  throttlingMethod: 'simulate',
  throttling: {},
  concurrency: 1,
});

/** A lab answering each run with the next LCP (ms) of its script, its score falling as LCP grows. */
class ScriptedLab implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  lighthouseVersion = '12.8.2';
  constructor(private readonly lcps: number[]) {}
  readiness() {
    return { ready: true, message: null };
  }
  async run(request: LabRunRequest): Promise<LabResult> {
    const lcp = this.lcps.shift();
    if (lcp === undefined) throw new Error('The script ran out of runs.');
    const metric = (label: string, numericValue: number) => ({
      label,
      displayValue: String(numericValue),
      score: 50,
      numericValue,
    });
    return {
      lab: {
        psi: { label: 'Performance', displayValue: '', score: 100 - lcp / 100, numericValue: 0 },
        lcp: metric('LCP', lcp),
        fcp: metric('FCP', lcp / 2),
        tti: metric('TTI', lcp + 500),
      },
      filmstrip: [`data:image/jpeg;base64,${lcp}`, 'data:image/jpeg;base64,END'],
      filmstripMs: [lcp / 2, lcp],
      finalUrl: request.url,
      source: 'local-lighthouse',
      environment: environment(this.lighthouseVersion),
      // The render-blocking audit as each version has it: 12's audit, 13's insight.
      categories: {
        performance: {
          score: Math.round(100 - lcp / 100),
          audits: [
            {
              id: this.lighthouseVersion.startsWith('12.')
                ? 'render-blocking-resources'
                : 'render-blocking-insight',
              title: 'Render-blocking requests',
              description: '',
              score: 0,
              outcome: 'failed',
              items: [],
            },
          ],
        },
      },
    };
  }
  async close() {}
}

describeOnDatabases('speed test history', ({ postgres }) => {
  let t: TestApp;
  let lab: ScriptedLab;
  afterEach(async () => t?.close());
  const clock = new TestClock();

  async function setup(lcps: number[]) {
    lab = new ScriptedLab(lcps);
    t = await buildTestApp({
      postgres,
      clock,
      env: SCRIPTED_LAB_ENV,
      overrides: { lab, field: new NoFieldData() },
    });
  }

  /** Waits until the run has ended, as the page does. */
  async function ended(runId: string): Promise<void> {
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: `${API}/pagespeed/runs/${runId}` });
      if (['done', 'error', 'cancelled'].includes(res.json<RunStatus>().status)) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** A whole test of `samples` samples on `strategy`, through the API as the page runs it. */
  async function speedTest(
    headers: Record<string, string>,
    samples: number,
    strategy: 'mobile' | 'desktop' = 'mobile',
  ) {
    let testId: string | undefined;
    for (let sample = 1; sample <= samples; sample++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/pagespeed/runs`,
        headers,
        payload: { url: URL_, strategy, sample, samples, ...(testId ? { testId } : {}) },
      });
      expect(res.statusCode).toBe(202);
      const started = res.json<{ testId: string; runId: string }>();
      testId = started.testId;
      await ended(started.runId);
      clock.advanceMinutes(1);
    }
    return testId!;
  }
  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

  it('lists a user’s tests of a URL with each device’s median score, newest first', async () => {
    await setup([1000, 1200, 1100, 3000, 3200]);
    const owner = await signUp(t.app, 2);
    const first = await speedTest(owner.headers, 3);
    const second = await speedTest(owner.headers, 2, 'desktop');
    const res = await get(`/pagespeed/tests?url=${encodeURIComponent(URL_)}`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: URL_,
      tests: [
        {
          id: second,
          createdAt: expect.any(String),
          samples: 2,
          devices: [{ device: 'desktop', measured: 2, failed: 0, medianScore: 69 }],
        },
        {
          id: first,
          createdAt: expect.any(String),
          samples: 3,
          devices: [{ device: 'mobile', measured: 3, failed: 0, medianScore: 89 }],
        },
      ],
    });
    // Nobody else sees them; a visitor is asked to sign in.
    const other = await signUp(t.app, 2);
    expect(
      (await get(`/pagespeed/tests?url=${encodeURIComponent(URL_)}`, other.headers)).json().tests,
    ).toEqual([]);
    expect((await get(`/pagespeed/tests?url=${encodeURIComponent(URL_)}`, {})).statusCode).toBe(
      401,
    );
    expect((await get('/pagespeed/tests?url=not-a-url', owner.headers)).statusCode).toBe(400);
  });

  it('compares two tests of a URL: medians, difference, significance, frames in time', async () => {
    await setup([1000, 1050, 1100, 1020, 1080, 3000, 3100, 3050, 3150, 3020]);
    const owner = await signUp(t.app, 2);
    const fast = await speedTest(owner.headers, 5);
    lab.lighthouseVersion = '13.0.0';
    const slow = await speedTest(owner.headers, 5);
    // Asked later-first, answered earlier-first.
    const res = await get(
      `/pagespeed/tests/compare?a=${slow}&b=${fast}&device=mobile`,
      owner.headers,
    );
    expect(res.statusCode).toBe(200);
    const comparison = res.json<SpeedTestComparison>();
    expect(comparison.a.id).toBe(fast);
    expect(comparison.b.id).toBe(slow);
    expect(comparison.a.samples.map((s) => s.metrics?.lcp)).toEqual([1000, 1050, 1100, 1020, 1080]);
    expect(comparison.metrics.find((m) => m.metric === 'lcp')).toMatchObject({
      a: 1050,
      b: 3050,
      difference: 2000,
      significant: true,
    });
    expect(comparison.fingerprintsDiffer).toBe(true);
    // The representative runs' audits: each version's own audit, absent from the other.
    expect(comparison.audits).toMatchObject({
      versions: ['12.8.2', '13.0.0'],
      versionsDiffer: true,
      changes: [
        { id: 'render-blocking-resources', b: { note: 'not in Lighthouse 13.0.0' } },
        { id: 'render-blocking-insight', a: { note: 'not in Lighthouse 12.8.2' } },
      ],
    });
    // The representative sample's frames, each at its time.
    expect(comparison.a.filmstrip).toEqual([
      { ms: 525, data: 'data:image/jpeg;base64,1050' },
      { ms: 1050, data: 'data:image/jpeg;base64,END' },
    ]);
    // The same test twice, a test on another device only, or another user's test.
    expect(
      (
        await get(`/pagespeed/tests/compare?a=${fast}&b=${fast}&device=mobile`, owner.headers)
      ).json().message,
    ).toBe(SPEED_MESSAGES.sameTest);
    const other = await signUp(t.app, 2);
    const res404 = await get(
      `/pagespeed/tests/compare?a=${fast}&b=${slow}&device=mobile`,
      other.headers,
    );
    expect(res404.statusCode).toBe(404);
    expect(res404.json().message).toBe(SPEED_MESSAGES.testNotFound);
  });

  it('keeps a user’s last tests, compacts their frames, and forgets spent visitor tests', async () => {
    const runs = SPEED_TEST_HISTORY + 1;
    await setup([...Array.from({ length: runs }, (_, i) => 1000 + i), 1500, 1400, 1600, 2000]);
    const owner = await signUp(t.app, 2);
    const tests: string[] = [];
    for (let i = 0; i < runs; i++) tests.push(await speedTest(owner.headers, 1));
    const kept = await speedTest(owner.headers, 3);
    const visitor = await speedTest({}, 1);
    clock.advanceMinutes(61);
    await retentionSweep.pass(t.app.services, t.app.log);
    const listed = (
      await get(`/pagespeed/tests?url=${encodeURIComponent(URL_)}`, owner.headers)
    ).json<{
      tests: { id: string }[];
    }>().tests;
    expect(listed.map((test) => test.id)).toEqual([
      kept,
      ...tests.slice(-(SPEED_TEST_HISTORY - 1)).reverse(),
    ]);
    const left = await t.db.kysely.selectFrom('speed_tests').select('id').execute();
    expect(left.map((row) => row.id)).not.toContain(visitor);
    // Of the three samples, only the representative (1500 ms) keeps its frames.
    const frames = await t.db.kysely
      .selectFrom('speed_runs')
      .select(['sample', 'filmstrip'])
      .where('test_id', '=', kept)
      .orderBy('sample')
      .execute();
    expect(frames.map((row) => row.filmstrip !== null)).toEqual([true, false, false]);
    // A run's status still answers, its frames gone.
    const run = await t.db.kysely
      .selectFrom('speed_runs')
      .select('id')
      .where('test_id', '=', kept)
      .where('sample', '=', 2)
      .executeTakeFirstOrThrow();
    const status = (await get(`/pagespeed/runs/${run.id}`, {})).json<RunStatus>();
    expect(status.result).toMatchObject({ filmstrip: [], lab: { lcp: { numericValue: 1400 } } });
  });
});
