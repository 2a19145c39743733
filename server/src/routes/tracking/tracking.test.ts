import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import type {
  HistoryResponse,
  TrackedPageList,
  TrackedPageSummary,
  TrackingAlert,
  TrackingCheckDetail,
} from '@core/schemas/tracking';
import { HISTORY_CSV_HEADERS } from '@core/tracking/history-csv';
import { type TestApp } from '../../../test/build-test-app';
import type { TestClock } from '../../../test/clock';
import { outboxCount } from '../../../test/outbox';
import {
  buildProfileLabApp,
  LCP_MOBILE,
  PROFILE_ENVIRONMENT,
  type ProfileLab,
} from '../../../test/profile-lab';
import { signUp } from '../../../test/users';
import { monthKey } from '../../quota/quotas';
import { checksNowQueue } from '../../tracking/check-jobs';
import { describeOnDatabases } from '../../../test/backends';

const PAGES = '/backend-service/v1/tracking/pages';
const URL = 'http://scoops.sandbox.localhost:8080/';
const DAY = 24 * 60;

describeOnDatabases('tracked pages API', ({ postgres }) => {
  let t: TestApp;
  let lab: ProfileLab;
  let clock: TestClock;
  afterEach(async () => t?.close());

  /** The app with a lab that measures instantly, and a user on `planId`. */
  async function setup(planId = 1) {
    // Sessions outlive the weeks the tests move through.
    ({ t, lab, clock } = await buildProfileLabApp(postgres, {
      SESSION_TTL_HOURS: String(365 * 24),
    }));
    return signUp(t.app, planId);
  }
  type Headers = Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url: `${PAGES}${url}`, headers, ...(payload ? { payload } : {}) });
  const create = async (headers: Headers, body: object = {}) => {
    const res = await call('POST', '', headers, { url: URL, samples: 3, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  /** Runs the page now and waits for its checks. */
  const runNow = async (headers: Headers, id: string) => {
    const res = await call('POST', `/${id}/run`, headers);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.services.tracking.scheduler.idle();
    clock.advanceMinutes(60);
    return res.json() as { checks: { id: string; device: string }[] };
  };
  const history = async (headers: Headers, id: string, query = '') =>
    (await call('GET', `/${id}/history${query}`, headers)).json() as HistoryResponse;
  const rows = (
    table: 'tracked_pages' | 'tracking_checks' | 'tracking_samples' | 'tracking_alerts',
  ) => t.db.kysely.selectFrom(table).selectAll().execute();

  it('creates, lists, edits, pauses, resumes and deletes a page; others see a 404', async () => {
    const { headers } = await setup(2);
    const res = await call('POST', '', headers, {
      url: `  ${URL}  `,
      devices: ['mobile', 'desktop'],
      schedule: 'hourly',
      samples: 2,
      budgets: { performance: 90, lcp: 2500 },
    });
    expect(res.statusCode).toBe(201);
    const { id, page } = res.json();
    expect(page).toMatchObject({
      id,
      url: URL,
      devices: ['mobile', 'desktop'],
      schedule: 'hourly',
      samples: 2,
      budgets: { performance: 90, lcp: 2500 },
      paused: false,
      alertState: 'ok',
      nextCheckAt: clock.now().toISOString(),
    });

    const list = (await call('GET', '', headers)).json() as TrackedPageList;
    expect(list.limit).toBe(10);
    expect(list.pages).toEqual([
      { ...page, latest: null, sparkline: [], trend: null, running: false },
    ]);

    const paused = await call('PATCH', `/${id}`, headers, { paused: true, samples: 5 });
    expect(paused.json()).toMatchObject({ paused: true, samples: 5, nextCheckAt: null });
    const resumed = await call('PATCH', `/${id}`, headers, { paused: false, schedule: 'daily' });
    expect(resumed.json()).toMatchObject({ paused: false, schedule: 'daily' });
    expect(resumed.json().nextCheckAt > clock.now().toISOString()).toBe(true);

    const other = await signUp(t.app, 4);
    for (const [method, url] of [
      ['PATCH', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/run`],
      ['GET', `/${id}/history`],
      ['GET', `/${id}/history.csv`],
      ['GET', `/${id}/alerts`],
    ] as const) {
      const refused = await call(
        method,
        url,
        other.headers,
        method === 'PATCH' ? { paused: true } : undefined,
      );
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(refused.json()).toEqual({
        message: TRACKING_MESSAGES.notFound,
        code: 'tracked_page_not_found',
      });
    }
    expect((await call('GET', '', other.headers)).json().pages).toEqual([]);
    expect((await call('GET', '', {})).statusCode).toBe(401);

    await runNow(headers, id);
    expect(await rows('tracking_samples')).toHaveLength(10);
    expect((await call('DELETE', `/${id}`, headers)).json()).toEqual({ deleted: true });
    expect(await rows('tracked_pages')).toEqual([]);
    expect(await rows('tracking_checks')).toEqual([]);
    expect(await rows('tracking_samples')).toEqual([]);
    expect((await call('DELETE', `/${id}`, headers)).statusCode).toBe(404);
  });

  it('refuses past the plan: pages, hourly checks, samples, and private URLs', async () => {
    const { headers } = await setup(1);
    const refusals = [
      [{ schedule: 'hourly' }, 403, TRACKING_MESSAGES.upgradeForHourly, 'hourly_needs_upgrade'],
      [{ samples: 4 }, 403, 'Upgrade to run more than 3 samples.', 'sample_limit'],
      [{ url: 'http://169.254.169.254/' }, 400, undefined, 'invalid_url'],
      [{ url: 'http://127.0.0.1:22/' }, 400, undefined, 'invalid_url'],
      [{ devices: ['mobile', 'mobile'] }, 400, undefined, undefined],
      [{ budgets: { lcp: -1 } }, 400, undefined, undefined],
    ] as const;
    for (const [body, status, message, code] of refusals) {
      const res = await call('POST', '', headers, { url: URL, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      if (code) expect(res.json().code).toBe(code);
    }
    expect(await rows('tracked_pages')).toEqual([]);

    const id = await create(headers);
    const second = await call('POST', '', headers, { url: 'http://other.sandbox.localhost:8080/' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message: 'Upgrade to track more than 1 page.',
      code: 'tracked_page_limit',
    });
    const again = await call('POST', '', headers, { url: URL });
    expect(again.json()).toEqual({
      message: TRACKING_MESSAGES.alreadyTracked,
      code: 'already_tracked',
    });
    expect((await call('PATCH', `/${id}`, headers, { schedule: 'hourly' })).statusCode).toBe(403);
    expect((await call('PATCH', `/${id}`, headers, { samples: 9 })).statusCode).toBe(403);
    expect((await call('PATCH', `/${id}`, headers, { url: URL })).statusCode).toBe(400);
    expect(await rows('tracked_pages')).toHaveLength(1);
  });

  it('lets a Pro user track a hundred pages, not one more, even asked all at once', async () => {
    const { headers } = await setup(4);
    const results = await Promise.all(
      Array.from({ length: 104 }, (_, i) =>
        call('POST', '', headers, { url: `http://scoops.sandbox.localhost:8080/p${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 403)).toHaveLength(4);
    expect(await rows('tracked_pages')).toHaveLength(100);
    const duplicate = await call('POST', '', headers, {
      url: 'http://scoops.sandbox.localhost:8080/p1',
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('runs now as a manual test: samples with their source, the median, the filmstrip', async () => {
    const { headers, userId } = await setup(1);
    const id = await create(headers, { devices: ['mobile'] });
    lab.failNext = 1;
    const { checks } = await runNow(headers, id);
    expect(checks).toEqual([{ id: expect.any(String), device: 'mobile' }]);
    expect(await t.app.services.quotas.used(userId, 'speed')).toBe(1);
    expect(lab.runs.map((r) => r.priority)).toEqual(['interactive', 'interactive', 'interactive']);

    const found = await history(headers, id);
    expect(found.checks).toHaveLength(1);
    const [check] = found.checks;
    expect(check).toMatchObject({
      id: checks[0]!.id,
      device: 'mobile',
      trigger: 'manual',
      status: 'done',
      regression: false,
      median: { psi: 92, lcp: 1800 },
    });
    expect(
      check!.samples.map((s) => [s.index, s.source, s.errorKind, s.metrics?.psi ?? null]),
    ).toEqual([
      [1, 'local-lighthouse', 'timeout', null],
      [2, 'local-lighthouse', null, 93],
      [3, 'local-lighthouse', null, 91],
    ]);
    expect(check!.samples[0]!.error).toBe('The run took longer than 300 s.');

    const detail = (await call('GET', `/${id}/checks/${check!.id}`, headers)).json();
    // The representative run's frames, each with its time since navigation start.
    expect(detail.filmstrip).toEqual([
      { ms: 1100, data: expect.stringMatching(/^data:image\/jpeg;base64,run[23]$/) },
    ]);
    // And its insights, from the same run as the frames.
    const run = /run(\d)$/.exec(detail.filmstrip[0].data)![1];
    expect(detail.insights).toEqual([
      {
        id: 'render-blocking-insight',
        group: 'insight',
        title: 'Render-blocking requests',
        description: "Requests are blocking the page's initial render.",
        score: 1,
        items: [{ label: `${URL}run${run}.css`, url: `${URL}run${run}.css`, totalBytes: 20_000 }],
      },
    ]);
    // And the thresholds its metrics were scored by (the lab reported LCP's alone).
    expect(detail.thresholds).toEqual({ lcp: LCP_MOBILE });
    // No field source is configured: none is stored, rather than a pretend 'no data'.
    expect(detail.field).toBeNull();
    const missing = await call('GET', `/${id}/checks/${crypto.randomUUID()}`, headers);
    expect(missing.statusCode).toBe(404);

    const list = (await call('GET', '', headers)).json() as TrackedPageList;
    expect(list.pages[0]).toMatchObject({
      latest: { score: 92, device: 'mobile' },
      sparkline: [92],
    });
  });

  it('refuses a second run while one is going, and a run past the monthly quota', async () => {
    const { headers, userId } = await setup(1);
    const id = await create(headers);
    let release!: () => void;
    lab.hold = new Promise<void>((resolve) => (release = resolve));
    expect((await call('POST', `/${id}/run`, headers)).statusCode).toBe(202);
    const busy = await call('POST', `/${id}/run`, headers);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('check_running');
    expect((await call('GET', '', headers)).json().pages[0].running).toBe(true);
    lab.hold = null;
    release();
    await t.app.services.tracking.scheduler.idle();
    expect(await t.app.services.quotas.used(userId, 'speed')).toBe(1);

    await t.app.services.quotas.consume(userId, 'speed', 10, 9);
    const limited = await call('POST', `/${id}/run`, headers);
    expect(limited.statusCode).toBe(429);
    expect((await rows('tracking_checks')).length).toBe(1);
    expect((await rows('tracked_pages'))[0]!.lease_owner).toBeNull();
  });

  it('moves the schedule a period on from a run now, not a minute after it', async () => {
    const { headers } = await setup(1);
    const id = await create(headers, { devices: ['mobile'] });
    const { scheduler } = t.app.services.tracking;
    const ranAt = clock.now();
    // Created due at once; 'run now' checks it before the scheduler's next pass.
    expect((await call('POST', `/${id}/run`, headers)).statusCode).toBe(202);
    await scheduler.idle();
    const page = (await call('GET', '', headers)).json().pages[0] as TrackedPageSummary;
    expect(page.nextCheckAt).toBe(new Date(ranAt.getTime() + DAY * 60_000).toISOString());
    clock.advanceMinutes(1);
    expect(await scheduler.tick()).toBe(0);
    clock.advanceMinutes(DAY - 2);
    expect(await scheduler.tick()).toBe(0);
    clock.advanceMinutes(1);
    expect(await scheduler.tick()).toBe(1);
    await scheduler.idle();
    expect((await history(headers, id)).checks.map((c) => c.trigger)).toEqual([
      'schedule',
      'manual',
    ]);
  });

  it('gives the speed test back to its month when a shutdown ends the run', async () => {
    const { headers, userId } = await setup(1);
    const id = await create(headers);
    lab.hold = new Promise<void>(() => undefined);
    const month = monthKey(clock.now());
    expect((await call('POST', `/${id}/run`, headers)).statusCode).toBe(202);
    await vi.waitFor(() => expect(lab.runs).toHaveLength(1));
    expect(await t.app.services.quotas.used(userId, 'speed')).toBe(1);
    // The month turns while the run goes on; the refund is the charged month's.
    clock.advanceMinutes(40 * DAY);
    await t.app.services.tracking.stop();
    expect(await rows('tracking_checks')).toEqual([]);
    expect(await t.app.services.quotas.used(userId, 'speed', month)).toBe(0);
    // Nothing was measured: the page is due as before.
    expect((await rows('tracked_pages'))[0]).toMatchObject({
      lease_owner: null,
      next_due_at: (await rows('tracked_pages'))[0]!.created_at,
    });
  });

  it('gives back the runs still waiting in the queue when the app stops', async () => {
    const { headers, userId } = await setup(2);
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await create(headers, { url: `${URL}p${n}` }));
    lab.hold = new Promise<void>(() => undefined);
    for (const id of ids) expect((await call('POST', `/${id}/run`, headers)).statusCode).toBe(202);
    // Four run at once in a process; the fifth waits its turn.
    const { jobs, quotas, tracking } = t.app.services;
    await vi.waitFor(async () =>
      expect(await jobs.stats(checksNowQueue.name)).toMatchObject({ active: 4, waiting: 1 }),
    );
    expect(await quotas.used(userId, 'speed')).toBe(5);
    await tracking.stop();
    expect(await rows('tracking_checks')).toEqual([]);
    expect(await quotas.used(userId, 'speed')).toBe(0);
    expect((await rows('tracked_pages')).map((page) => page.lease_owner)).toEqual(
      ids.map(() => null),
    );
  });

  const mailsOf = () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []).map((f) =>
      fs.readFileSync(path.join(outbox, f), 'utf8'),
    );
  };
  const alertsOf = async (headers: Headers, id: string) =>
    (await call('GET', `/${id}/alerts`, headers)).json().alerts as TrackingAlert[];

  it('alerts when a regression holds over two checks, once, and announces the recovery once', async () => {
    const { headers, user } = await setup(1);
    const id = await create(headers, { devices: ['mobile'] });
    const run = async (profile: 'fast' | 'slow' | 'fail') => {
      lab.profile = profile === 'slow' ? 'slow' : 'fast';
      lab.failNext = profile === 'fail' ? 3 : 0;
      await runNow(headers, id);
      return outboxCount(t.config);
    };
    expect(await run('fast')).toBe(0);
    expect(await run('fast')).toBe(0);
    // One slow check among fast ones: a regression, but it does not hold. No alert.
    expect(await run('slow')).toBe(0);
    expect(await run('fast')).toBe(0);
    // Slow, a failed check (no number, no judgement), slow again: the regression held.
    expect(await run('slow')).toBe(0);
    expect(await run('fail')).toBe(0);
    expect(await run('slow')).toBe(1);
    expect(mailsOf()[0]).toContain(
      `Subject: ${TRACKING_MESSAGES.regressionSubject(URL, 'mobile')}`,
    );
    expect(mailsOf()[0]).toContain(`To: ${user.email}`);
    expect(await run('slow')).toBe(1);
    expect((await call('GET', '', headers)).json().pages[0]).toMatchObject({
      alertState: 'regression',
    });
    // The first fast check announces the recovery, once.
    expect(await run('fast')).toBe(2);
    expect(
      mailsOf().some((m) =>
        m.includes(`Subject: ${TRACKING_MESSAGES.recoverySubject(URL, 'mobile')}`),
      ),
    ).toBe(true);
    expect(await run('fast')).toBe(2);

    const { checks } = await history(headers, id);
    expect(checks.map((c) => c.state)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'failed',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    expect(checks.map((c) => c.regression)).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
    const failed = checks[4]!;
    expect(failed).toMatchObject({ status: 'failed', median: null, reasons: [] });
    expect(failed.samples.map((s) => [s.errorKind, s.metrics, s.fingerprint])).toEqual([
      ['timeout', null, null],
      ['timeout', null, null],
      ['timeout', null, null],
    ]);
    // No run, no insights; a regressed check keeps its failed one.
    const detailOf = async (checkId: string) =>
      (await call('GET', `/${id}/checks/${checkId}`, headers)).json() as TrackingCheckDetail;
    expect((await detailOf(failed.id)).insights).toBeNull();
    expect((await detailOf(checks[3]!.id)).insights![0]).toMatchObject({
      score: 0,
      savingsMs: 1200,
    });
    expect(checks[3]!.reasons.map((r) => [r.kind, r.metric])).toEqual([
      ['significant', 'psi'],
      ['significant', 'lcp'],
      ['significant', 'tbt'],
      ['significant', 'cls'],
    ]);
    const alerts = await alertsOf(headers, id);
    expect(alerts.map((a) => [a.kind, a.checkId, a.emailError])).toEqual([
      ['recovery', checks[1]!.id, null],
      ['regression', checks[3]!.id, null],
    ]);
    expect(alerts.every((a) => a.emailedAt !== null)).toBe(true);
    expect((await call('GET', '', headers)).json().pages[0]).toMatchObject({
      alertState: 'ok',
      unreachable: false,
    });
  });

  it('alerts and recovers each device on its own: one in regression hides not the other', async () => {
    const { headers } = await setup(2);
    const id = await create(headers, {
      devices: ['mobile', 'desktop'],
      samples: 1,
      budgets: { lcp: 2500 },
      alertAfter: 1,
    });
    const subjects = () =>
      mailsOf().flatMap(
        (mail) => mail.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? [],
      );
    const run = async (mobile: 'fast' | 'slow', desktop: 'fast' | 'slow') => {
      lab.deviceProfiles = { mobile, desktop };
      await runNow(headers, id);
      return (await call('GET', '', headers)).json().pages[0] as TrackedPageSummary;
    };
    expect(await run('slow', 'fast')).toMatchObject({
      alertState: 'regression',
      regressedDevices: ['mobile'],
    });
    // Mobile is still in regression: desktop breaking its budget alerts all the same.
    expect(await run('slow', 'slow')).toMatchObject({
      alertState: 'regression',
      regressedDevices: ['mobile', 'desktop'],
    });
    // Mobile recovers alone; desktop stays in regression, and says so once.
    expect(await run('fast', 'slow')).toMatchObject({
      alertState: 'regression',
      regressedDevices: ['desktop'],
    });
    expect(await run('fast', 'fast')).toMatchObject({
      alertState: 'ok',
      regressedDevices: [],
    });
    expect(subjects()).toEqual([
      TRACKING_MESSAGES.regressionSubject(URL, 'mobile'),
      TRACKING_MESSAGES.regressionSubject(URL, 'desktop'),
      TRACKING_MESSAGES.recoverySubject(URL, 'mobile'),
      TRACKING_MESSAGES.recoverySubject(URL, 'desktop'),
    ]);
    const alerts = await alertsOf(headers, id);
    expect(alerts.map((a) => [a.kind, a.device]).reverse()).toEqual([
      ['regression', 'mobile'],
      ['regression', 'desktop'],
      ['recovery', 'mobile'],
      ['recovery', 'desktop'],
    ]);
    expect(alerts.at(-2)!.reasons.map((r) => [r.kind, r.metric])).toEqual([['budget', 'lcp']]);
  });

  it('alerts on the first broken budget when the page asks for one check', async () => {
    const { headers } = await setup(2);
    const id = await create(headers, { budgets: { performance: 95 } });
    await runNow(headers, id);
    const [check] = (await history(headers, id)).checks;
    expect(check!.regression).toBe(true);
    expect(check!.reasons[0]!.text).toBe('Performance 92 breaks its budget of 95.');
    // alertAfter 2 (the default): one broken check is not yet an alert; the second is.
    expect(await alertsOf(headers, id)).toHaveLength(0);
    await runNow(headers, id);
    expect((await alertsOf(headers, id)).map((a) => a.kind)).toEqual(['regression']);

    const other = await create(headers, {
      url: `${URL}p1`,
      budgets: { performance: 95 },
      alertAfter: 1,
    });
    await runNow(headers, other);
    expect((await alertsOf(headers, other)).map((a) => a.kind)).toEqual(['regression']);
    const patched = await call('PATCH', `/${other}`, headers, { alertAfter: 5 });
    expect(patched.json()).toMatchObject({ alertAfter: 5 });
    expect((await call('PATCH', `/${other}`, headers, { alertAfter: 6 })).statusCode).toBe(400);
  });

  it("tracks the page's categories and those its budget names; a fall of 5 points alerts", async () => {
    const { headers } = await setup(2);
    const id = await create(headers, {
      samples: 1,
      categories: ['accessibility'],
      budgets: { seo: 90 },
      alertAfter: 1,
    });
    const listed = (await call('GET', '', headers)).json() as TrackedPageList;
    expect(listed.pages.find((p) => p.id === id)).toMatchObject({ categories: ['accessibility'] });
    await runNow(headers, id);
    expect(lab.runs.at(-1)!.categories).toEqual(['accessibility', 'seo']);
    let [check] = (await history(headers, id)).checks;
    expect(check!.categoryScores).toEqual({ accessibility: 100, seo: 100 });
    expect(check!.regression).toBe(false);

    lab.categoryScores.accessibility = 86;
    await runNow(headers, id);
    [check] = (await history(headers, id)).checks;
    expect(check!.reasons.map((r) => r.text)).toEqual(['Accessibility score fell from 100 to 86.']);
    expect((await alertsOf(headers, id)).map((a) => a.kind)).toEqual(['regression']);

    // Untracked and unbudgeted: checks measure performance alone again.
    await call('PATCH', `/${id}`, headers, { categories: [], budgets: {} });
    await runNow(headers, id);
    expect(lab.runs.at(-1)!.categories).toBeUndefined();
    [check] = (await history(headers, id)).checks;
    expect(check!.categoryScores).toBeNull();
    expect((await call('PATCH', `/${id}`, headers, { categories: ['pwa'] })).statusCode).toBe(400);
  });

  it('marks a page unreachable after three failed checks and reachable at the next good one', async () => {
    const { headers } = await setup(1);
    const id = await create(headers, { devices: ['mobile'], samples: 2 });
    await runNow(headers, id);
    lab.failNext = Infinity;
    lab.failWith = { kind: 'http_status', message: 'The page answered HTTP 500.' };
    await runNow(headers, id);
    await runNow(headers, id);
    expect(outboxCount(t.config)).toBe(0);
    await runNow(headers, id);
    expect(outboxCount(t.config)).toBe(1);
    expect(mailsOf()[0]).toContain(`Subject: Page unreachable: ${URL}`);
    expect(mailsOf()[0]).toContain('mobile: The page answered HTTP 500.');
    expect((await call('GET', '', headers)).json().pages[0]).toMatchObject({
      unreachable: true,
      alertState: 'ok',
    });
    await runNow(headers, id);
    expect(outboxCount(t.config)).toBe(1);

    lab.failNext = 0;
    await runNow(headers, id);
    expect(outboxCount(t.config)).toBe(2);
    expect(mailsOf().some((m) => m.includes(`Subject: Page reachable again: ${URL}`))).toBe(true);
    const { checks, page } = await history(headers, id);
    expect(page.unreachable).toBe(false);
    expect(checks.map((c) => c.state)).toEqual([
      'ok',
      'failed',
      'failed',
      'failed',
      'failed',
      'ok',
    ]);
    // A failed check is never a number, nor a regression; the good one after is not
    // compared with zeros either.
    expect(checks.every((c) => !c.regression)).toBe(true);
    expect(checks[1]!.median).toBeNull();
    expect(checks[1]!.samples[0]).toMatchObject({
      errorKind: 'http_status',
      error: 'The page answered HTTP 500.',
      metrics: null,
    });
    expect((await alertsOf(headers, id)).map((a) => [a.kind, a.checkId])).toEqual([
      ['reachable', checks[0]!.id],
      ['unreachable', checks[2]!.id],
    ]);

    // Failures on SpeedRank's side (PSI refused, no browser) say nothing of the page.
    lab.failNext = Infinity;
    lab.failWith = { kind: 'provider', message: 'PageSpeed Insights answered 429.' };
    for (let i = 0; i < 3; i++) await runNow(headers, id);
    expect(outboxCount(t.config)).toBe(2);
  });

  it('stores each sample’s fingerprint and marks the check where it changed', async () => {
    const { headers } = await setup(1);
    const id = await create(headers, { devices: ['mobile'] });
    await runNow(headers, id);
    await runNow(headers, id);
    // A Lighthouse upgrade on a slower machine, and the page slower too.
    lab.environment = { ...PROFILE_ENVIRONMENT, lighthouseVersion: '13.0.0', benchmarkIndex: 900 };
    lab.profile = 'slow';
    await runNow(headers, id);
    await runNow(headers, id);
    const { checks } = await history(headers, id);
    expect(checks.map((c) => c.fingerprintChanged)).toEqual([false, true, false, false]);
    expect(checks[0]!.samples[0]!.fingerprint).toEqual({
      source: 'local-lighthouse',
      ...PROFILE_ENVIRONMENT,
      lighthouseVersion: '13.0.0',
      benchmarkIndex: 900,
      device: 'mobile',
      concurrency: 1,
    });
    // No earlier check measured alike: compared anyway, and the reason says so.
    expect(checks[1]!.regression).toBe(true);
    expect(checks[1]!.reasons[0]!.text).toBe(
      'Performance went from 92 to 55, a significant change (Mann-Whitney U, p = 0.013) (measured otherwise than before: Lighthouse 13.0.0, another machine).',
    );
    const csv = (await call('GET', `/${id}/history.csv`, headers)).body.split('\r\n');
    expect(csv[2]).toMatch(/"Lighthouse 13\.0\.0, bench 900",,,,$/);
  });

  it('marks the check where Lighthouse 12 gave way to 13, on the same machine', async () => {
    const { headers } = await setup(1);
    const id = await create(headers, { devices: ['mobile'], samples: 1 });
    await runNow(headers, id);
    lab.environment = { ...PROFILE_ENVIRONMENT, lighthouseVersion: '13.5.0' };
    await runNow(headers, id);
    await runNow(headers, id);
    const { checks } = await history(headers, id);
    expect(PROFILE_ENVIRONMENT.lighthouseVersion).toBe('12.8.2');
    expect(
      checks.map((c) => [c.samples[0]!.fingerprint!.lighthouseVersion, c.fingerprintChanged]),
    ).toEqual([
      ['13.5.0', false],
      ['13.5.0', true],
      ['12.8.2', false],
    ]);
  });

  it('filters the history by range and device and exports it as CSV', async () => {
    const { headers } = await setup(2);
    const id = await create(headers, { devices: ['mobile', 'desktop'], samples: 1 });
    await runNow(headers, id);
    clock.advanceMinutes(20 * DAY);
    await runNow(headers, id);
    expect((await history(headers, id, '?range=7d')).checks).toHaveLength(2);
    expect((await history(headers, id, '?range=30d')).checks).toHaveLength(4);
    const all = await history(headers, id, '?range=all');
    expect(all.checks.map((c) => c.startedAt)).toEqual(
      [...all.checks.map((c) => c.startedAt)].sort().reverse(),
    );
    expect(
      (await history(headers, id, '?range=all&device=desktop')).checks.map((c) => c.device),
    ).toEqual(['desktop', 'desktop']);
    expect((await call('GET', `/${id}/history?range=1y`, headers)).statusCode).toBe(400);
    expect((await call('GET', `/${id}/history?before=yesterday`, headers)).statusCode).toBe(400);

    // Page by page: the cursor picks up after the last check, even between two devices' checks
    // that started at the same moment.
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const part = await history(headers, id, `?range=all&limit=3${next ? `&before=${next}` : ''}`);
      seen.push(...part.checks.map((c) => c.id));
      next = part.next;
    } while (next);
    expect(seen).toEqual(all.checks.map((c) => c.id));
    expect(all.next).toBeNull();

    const csv = await call('GET', `/${id}/history.csv?range=7d`, headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="speed-history-${id}.csv"`,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(HISTORY_CSV_HEADERS.map((h) => `"${h}"`).join(','));
    // Per check a median row and its one sample.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"median"');
    expect(lines[2]).toContain('"sample 1","local-lighthouse"');
  });
});
