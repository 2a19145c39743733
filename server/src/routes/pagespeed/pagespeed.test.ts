import { afterEach, describe, expect, it } from 'vitest';
import { SPEED_MESSAGES } from '@core/messages';
import type { RunStatus } from '@core/speed';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../../test/build-test-app';
import { startRecordedServer } from '../../../test/recorded-server';
import {
  LabRunError,
  type LabRunRequest,
  type LabSpeedProvider,
} from '../../providers/lab-speed/port';
import { InProcessJobs } from '../../jobs/in-process-jobs';
import type { ServiceOverrides } from '../../services';
import { TestClock } from '../../../test/clock';
import { signUp } from '../../../test/users';

const API = '/backend-service/v1';

/** A lab whose runs finish when the test says so. */
class ScriptedLab implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  runs: LabRunRequest[] = [];
  readiness() {
    return { ready: true, message: null };
  }
  private finishers: ((fail?: boolean | LabRunError) => void)[] = [];
  async run(request: LabRunRequest) {
    this.runs.push(request);
    request.onStage('loading');
    return new Promise<Awaited<ReturnType<LabSpeedProvider['run']>>>((resolve, reject) => {
      request.signal.addEventListener('abort', () =>
        reject(new LabRunError('cancelled', 'The run was cancelled.')),
      );
      this.finishers.push((fail) =>
        fail
          ? reject(
              fail instanceof LabRunError
                ? fail
                : new LabRunError('crashed', 'The browser failed during the run (crashed).'),
            )
          : resolve({
              lab: {
                psi: { label: 'Performance', displayValue: '88', score: 88, numericValue: 0.88 },
              },
              filmstrip: [],
              finalUrl: request.url,
              source: 'local-lighthouse',
            }),
      );
    });
  }
  finish(index: number, fail: boolean | LabRunError = false) {
    this.finishers[index]?.(fail);
  }
  async close() {}
}

describe('pagespeed runs', () => {
  let t: TestApp;
  let lab: ScriptedLab;
  afterEach(async () => t?.close());

  /** The app as configured by `env`, with a scripted lab in place of Chromium. */
  async function setup(env: Record<string, string> = {}, overrides: ServiceOverrides = {}) {
    const clock = new TestClock();
    lab = new ScriptedLab();
    t = await buildTestApp({
      env: { ...SCRIPTED_LAB_ENV, ...env },
      clock,
      overrides: { lab, ...overrides },
    });
    return clock;
  }
  const start = (payload: object, ip = '10.1.1.1') =>
    t.app.inject({ method: 'POST', url: `${API}/pagespeed/runs`, payload, remoteAddress: ip });
  const status = async (runId: string): Promise<RunStatus> =>
    (await t.app.inject({ method: 'GET', url: `${API}/pagespeed/runs/${runId}` })).json();
  const settle = () => new Promise((r) => setTimeout(r, 20));
  const url = 'http://scoops.sandbox.localhost:8080/';
  /** A SERP search's first result and the search's test, whose cards may be cached. */
  const searchFirstResult = async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: `${API}/serp-search`,
      payload: { searchTerm: 'ice cream flavors' },
      remoteAddress: '10.1.1.1',
    });
    const { organic_results: results, speedTestId } = search.json() as {
      organic_results: { link: string }[];
      speedTestId: string;
    };
    return { page: results[0]!.link, speedTestId };
  };

  it('answers a run id at once, reports its stages, and its result when done', async () => {
    await setup();
    const res = await start({ url, strategy: 'mobile' });
    expect(res.statusCode).toBe(202);
    const { runId } = res.json();
    await settle();
    expect(await status(runId)).toMatchObject({
      status: 'running',
      stage: 'loading',
      result: null,
    });
    lab.finish(0);
    await settle();
    expect(await status(runId)).toMatchObject({
      status: 'done',
      stage: 'done',
      result: { lab: { psi: { score: 88 } } },
    });
  });

  it('streams progress over Server-Sent Events until the run ends', async () => {
    await setup();
    const { runId } = (await start({ url, strategy: 'desktop' })).json();
    await settle();
    setTimeout(() => lab.finish(0), 50);
    const events = await t.app.inject({
      method: 'GET',
      url: `${API}/pagespeed/runs/${runId}/events`,
    });
    expect(events.headers['content-type']).toBe('text/event-stream');
    const stages = events.body
      .trim()
      .split('\n\n')
      .map((chunk) => JSON.parse(/^data: (.*)$/m.exec(chunk)![1]!).stage);
    expect(stages[0]).toBe('loading');
    expect(stages.at(-1)).toBe('done');
    // Each event carries its place in the run: a browser reconnecting says where it was.
    expect(events.body).toMatch(/^id: 2\ndata: /);
    const resumed = await t.app.inject({
      method: 'GET',
      url: `${API}/pagespeed/runs/${runId}/events`,
      headers: { 'last-event-id': '2' },
    });
    expect(resumed.body).toBe('id: 5\ndata: {"stage":"done","status":"done"}\n\n');
  });

  it("cancels a run, and turns a crashed browser into that sample's error", async () => {
    await setup();
    const first = (await start({ url, strategy: 'mobile' })).json();
    await settle();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `${API}/pagespeed/runs/${first.runId}`,
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    expect(lab.runs[0]!.signal.aborted).toBe(true);
    expect((await status(first.runId)).status).toBe('cancelled');

    const second = (
      await start({ url, strategy: 'mobile', sample: 2, samples: 3, testId: first.testId })
    ).json();
    await settle();
    lab.finish(1, true);
    // A crash is the lab's failure, not the page's: the sample is tried once more.
    await expect.poll(() => lab.runs.length, { timeout: 5000 }).toBe(3);
    expect((await status(second.runId)).status).toBe('running');
    lab.finish(2, true);
    await expect.poll(async () => (await status(second.runId)).status).toBe('error');
    expect(await status(second.runId)).toMatchObject({
      status: 'error',
      error: 'The browser failed during the run (crashed).',
      errorKind: 'crashed',
      errorSource: 'local-lighthouse',
    });
  });

  it('refuses private addresses before any browser starts', async () => {
    await setup();
    for (const target of [
      'http://127.0.0.1:22/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'file:///etc/passwd',
    ]) {
      const res = await start({ url: target, strategy: 'mobile' });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().message).toMatch(/^Please enter a valid url\./);
      expect(res.json().code).toBe('invalid_url');
    }
    expect(lab.runs).toEqual([]);
  });

  it('counts one test per test id, enforces the plan sample limit and the monthly quota', async () => {
    await setup();
    const tooMany = await start({ url, strategy: 'mobile', sample: 1, samples: 4 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: 'Upgrade to run more than 3 samples.',
      code: 'sample_limit',
    });

    const first = (await start({ url, strategy: 'mobile', samples: 3 })).json();
    for (const sample of [2, 3]) {
      expect(
        (await start({ url, strategy: 'mobile', sample, samples: 3, testId: first.testId })).json()
          .testId,
      ).toBe(first.testId);
    }
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(1);
    for (let i = 0; i < 9; i++)
      expect((await start({ url, strategy: 'mobile' })).statusCode).toBe(202);
    const limited = await start({ url, strategy: 'mobile' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'You have hit your monthly test limit. Upgrade here.',
      code: 'monthly_limit',
    });
  });

  it("runs a SERP search's cards on the search's count, not on the speed-test quota", async () => {
    await setup();
    const search = await t.app.inject({
      method: 'POST',
      url: `${API}/serp-search`,
      payload: { searchTerm: 'ice cream flavors' },
      remoteAddress: '10.1.1.1',
    });
    expect(search.statusCode).toBe(200);
    const { organic_results: results, speedTestId } = search.json() as {
      organic_results: { link: string }[];
      speedTestId: string;
    };
    expect(results.length).toBeGreaterThan(3);
    for (const result of results.slice(0, 3))
      for (const strategy of ['mobile', 'desktop'])
        expect(
          (await start({ url: result.link, strategy, testId: speedTestId })).json().testId,
        ).toBe(speedTestId);
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(0);

    // Not one of the results, or somebody else's search: a speed test of its own.
    expect((await start({ url, strategy: 'mobile', testId: speedTestId })).json().testId).not.toBe(
      speedTestId,
    );
    await start({ url: results[0]!.link, strategy: 'mobile', testId: speedTestId }, '10.2.2.2');
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(1);
    expect(await t.app.services.quotas.used('ip:10.2.2.2', 'speed')).toBe(1);

    // Each card may run a sample per device and one retry of each, no more.
    const card = results[1]!.link;
    for (const strategy of ['mobile', 'desktop'])
      expect((await start({ url: card, strategy, testId: speedTestId })).json().testId).toBe(
        speedTestId,
      );
    expect(
      (await start({ url: card, strategy: 'mobile', testId: speedTestId })).json().testId,
    ).not.toBe(speedTestId);
  });

  it('measures a second test of one URL afresh within the cache lifetime; a SERP card then shows it as cached', async () => {
    const clock = await setup({ SPEED_CACHE_TTL_MINUTES: '10' });
    const { page, speedTestId } = await searchFirstResult();
    const first = (await start({ url: page, strategy: 'mobile' })).json();
    await settle();
    lab.finish(0);
    await settle();
    clock.advanceMinutes(2);
    const second = (await start({ url: page, strategy: 'mobile' })).json();
    await settle();
    expect(lab.runs).toHaveLength(2);
    lab.finish(1);
    await settle();
    const [a, b] = [await status(first.runId), await status(second.runId)];
    expect(b).toMatchObject({ status: 'done', cached: false });
    expect(Date.parse(b.result!.measuredAt!) - Date.parse(a.result!.measuredAt!)).toBe(120_000);
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(2);

    // The search's card within the cache's lifetime shows that measurement, saying so.
    clock.advanceMinutes(2);
    const card = (await start({ url: page, strategy: 'mobile', testId: speedTestId })).json();
    expect(card.testId).toBe(speedTestId);
    expect(await status(card.runId)).toMatchObject({
      status: 'done',
      cached: true,
      result: { measuredAt: b.result!.measuredAt },
    });
    expect(lab.runs).toHaveLength(2);
  });

  it("asks the lab for the run's categories; a SERP card measured with none is not one with SEO", async () => {
    await setup({ SPEED_CACHE_TTL_MINUTES: '10' });
    const refused = await start({ url, strategy: 'mobile', categories: ['pwa'] });
    expect(refused.statusCode).toBe(400);
    expect(lab.runs).toHaveLength(0);
    const res = await start({ url, strategy: 'mobile', categories: ['seo', 'accessibility'] });
    expect(res.statusCode).toBe(202);
    await settle();
    expect(lab.runs[0]!.categories).toEqual(['seo', 'accessibility']);
    lab.finish(0);

    // Cards of a search: one with SEO verdicts is measured, not answered by one without.
    const { page, speedTestId } = await searchFirstResult();
    await start({ url: page, strategy: 'mobile', testId: speedTestId });
    await settle();
    lab.finish(1);
    await settle();
    expect(lab.runs[1]!.categories).toBeUndefined();
    const withSeo = (
      await start({ url: page, strategy: 'mobile', testId: speedTestId, categories: ['seo'] })
    ).json();
    await settle();
    expect(lab.runs).toHaveLength(3);
    expect(lab.runs[2]!.categories).toEqual(['seo']);
    expect(await status(withSeo.runId)).toMatchObject({ status: 'running' });
  });

  it('gives back a test whose page answered an HTTP error, once however many samples saw it', async () => {
    await setup();
    const ok = (await start({ url, strategy: 'mobile' })).json();
    await settle();
    lab.finish(0);
    const notFound = new LabRunError('http_status', 'The page answered 404 (Not Found).');
    const broken = (await start({ url, strategy: 'mobile', samples: 2 })).json();
    await start({ url, strategy: 'mobile', sample: 2, samples: 2, testId: broken.testId });
    await settle();
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(2);
    lab.finish(1, notFound);
    lab.finish(2, notFound);
    await settle();
    expect(await status(broken.runId)).toMatchObject({ status: 'error', errorKind: 'http_status' });
    expect(await status(ok.runId)).toMatchObject({ status: 'done' });
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(1);
  });

  it('answers 503 browser_missing, queueing nothing, when Chromium is not installed', async () => {
    t = await buildTestApp({ env: { CHROME_PATH: '/nonexistent' } });
    const readiness = await t.app.inject({ method: 'GET', url: `${API}/pagespeed/readiness` });
    expect(readiness.json()).toEqual({
      source: 'local-lighthouse',
      ready: false,
      message: SPEED_MESSAGES.browserMissing,
    });
    const res = await start({ url, strategy: 'mobile' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SPEED_MESSAGES.browserMissing, code: 'browser_missing' });
    expect(await t.app.services.quotas.used('ip:10.1.1.1', 'speed')).toBe(0);
  });

  it('refunds a test whose sample the queue would not take, and stores why', async () => {
    // A queue that refuses work, as BullMQ does while Redis is down.
    const down = new InProcessJobs();
    down.enqueue = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    await setup({}, { jobs: down });
    const { headers } = await signUp(t.app);
    const left = async () =>
      (
        await t.app.inject({ method: 'GET', url: `${API}/usage/website-speed-tool`, headers })
      ).json<{ numOfwebsiteSearchesLeft: number }>().numOfwebsiteSearchesLeft;
    const before = await left();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/pagespeed/runs`,
      headers,
      payload: { url, strategy: 'mobile' },
    });
    expect(res.statusCode).toBe(500);
    expect(await left()).toBe(before);
    const stored = await t.db.kysely.selectFrom('speed_runs').select('status').execute();
    expect(stored.map((row) => JSON.parse(row.status).error)).toEqual([
      SPEED_MESSAGES.notQueued('connect ECONNREFUSED 127.0.0.1:6379'),
    ]);
    expect(lab.runs).toEqual([]);
  });

  describe('during a graceful shutdown', () => {
    it('refuses new runs with 503 while the running one finishes, and ends once it has', async () => {
      await setup();
      const { runId } = (await start({ url, strategy: 'mobile' })).json();
      let drained = false;
      const draining = t.app.services.speed.drain(60_000).then(() => (drained = true));
      const refused = await start({ url, strategy: 'desktop' }, '10.2.2.2');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: SPEED_MESSAGES.shuttingDown,
        code: 'shutting_down',
      });
      expect(lab.runs).toHaveLength(1);
      // A refused run costs nothing.
      expect(await t.app.services.quotas.used('ip:10.2.2.2', 'speed')).toBe(0);
      await settle();
      expect(drained).toBe(false);
      lab.finish(0);
      await draining;
      expect((await status(runId)).status).toBe('done');
    });

    it('cancels the runs still going when the drain time is up', async () => {
      await setup();
      const { runId } = (await start({ url, strategy: 'mobile' })).json();
      const started = Date.now();
      await t.app.services.speed.drain(100);
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      expect(lab.runs[0]!.signal.aborted).toBe(true);
      expect((await status(runId)).status).toBe('cancelled');
    });
  });

  describe('field data from CrUX', () => {
    let crux: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
    afterEach(async () => crux?.close());

    async function runWithCrux(answer: Parameters<typeof startRecordedServer>[0]) {
      crux = await startRecordedServer(answer);
      await setup({ CRUX_API_KEY: 'crux-key', CRUX_BASE_URL: crux.baseUrl });
      const { runId } = (await start({ url, strategy: 'mobile' })).json();
      await settle();
      lab.finish(0);
      // The field lookup goes over HTTP: wait for the run's end, not a fixed time.
      await expect.poll(async () => (await status(runId)).status).toBe('done');
      return status(runId);
    }

    it('reports a failing CrUX as the failure it is, not as sets without data', async () => {
      const run = await runWithCrux(() => ({
        status: 500,
        json: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
      }));
      expect(run.status).toBe('done');
      expect(run.result!.field).toEqual({
        page: null,
        origin: null,
        source: 'crux',
        error: 'The Chrome UX Report API answered 500: Internal error encountered.',
      });
      // Page and origin, each retried once.
      expect(crux!.requests).toHaveLength(4);
    });

    it("reads CrUX's 404 as not enough data: null sets and no error", async () => {
      const run = await runWithCrux(() => ({
        status: 404,
        json: { error: { code: 404, message: 'chrome ux report data not found' } },
      }));
      expect(run.result!.field).toEqual({ page: null, origin: null, source: 'crux', error: null });
    });
  });
});
