import crypto from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildManifest, SEASON_DAYS, type SandboxManifest } from '@sandbox';
import type { Flow, FlowRunHistoryEntry } from '@core/flows/flow-api';
import {
  flowStepResultsOf,
  plannedStepsOf,
  type FlowRunResult,
  type FlowStepReport,
} from '@core/flows/flow-result';
import type { FlowAlert } from '@core/flows/flow-tracking';
import { entitlementsOf } from '@core/entitlements';
import { FLOW_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import type { WebhookPayload } from '@core/schemas/webhooks';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { outboxMessagesTo } from '../../test/outbox';
import { SandboxLab } from '../../test/sandbox-lab';
import { signUp } from '../../test/users';
import type { FlowLab, FlowRunRequest } from '../providers/lab-speed/port';
import { SCHEDULED_CHECKS_TOOL } from '../tracking/check-jobs';

const API = '/backend-service/v1';
const DAY_MS = 86_400_000;

/**
 * A flow lab that reads the sandbox shop as this app serves it on the clock's day: the
 * add-to-cart script's busy loop sets the timespan's TBT (the loop less 50 ms, as Lighthouse
 * counts blocking time) and INP, with a few milliseconds of run-to-run noise. The planted
 * slow week is then what the tracking sees, without a browser.
 */
class SandboxShopFlowLab implements FlowLab {
  runs = 0;
  constructor(private readonly served: (url: string) => Promise<string>) {}

  readiness() {
    return { ready: true, message: null };
  }

  async runFlow(request: FlowRunRequest): Promise<FlowRunResult> {
    this.runs++;
    const planned = plannedStepsOf(request.flow.steps);
    const page = request.flow.steps.find((step) => step.kind === 'navigate')!;
    const html = await this.served(page.url);
    const busyMs = Number(/var end=performance\.now\(\)\+(\d+);/.exec(html)?.[1]);
    const noise = (this.runs * 7) % 23;
    const reports = planned.map((step): FlowStepReport =>
      step.kind === 'navigation'
        ? {
            gatherMode: 'navigation',
            finalDisplayedUrl: page.url,
            categories: { performance: { score: 0.95, auditRefs: [] } },
            audits: {
              'largest-contentful-paint': {
                numericValue: 1500 + noise,
                score: 0.9,
                displayValue: '1.5 s',
              },
              'total-blocking-time': { numericValue: 20 + noise, score: 1, displayValue: '20 ms' },
            },
          }
        : {
            gatherMode: 'timespan',
            finalDisplayedUrl: page.url,
            categories: { performance: { score: null, auditRefs: [] } },
            audits: {
              'total-blocking-time': {
                numericValue: busyMs - 50 + noise,
                score: null,
                displayValue: '',
              },
              'interaction-to-next-paint': {
                numericValue: busyMs + 30 + noise,
                score: null,
                displayValue: '',
              },
            },
          },
    );
    return {
      steps: flowStepResultsOf(planned, reports, null),
      failure: null,
      measuredAt: new Date().toISOString(),
    };
  }

  async close() {}
}

describeOnDatabases('tracked flows', ({ postgres }) => {
  let t: TestApp;
  let clock: TestClock;
  let manifest: SandboxManifest;
  let lab: SandboxShopFlowLab;
  beforeEach(async () => {
    const season = SEASON_DAYS * 250;
    // Ten days before the shop's slow cart week, at noon.
    clock = new TestClock(new Date((season + 53) * DAY_MS + 12 * 3_600_000));
    lab = new SandboxShopFlowLab(async (url) => {
      const parsed = new URL(url);
      const res = await t.app.inject({
        method: 'GET',
        url: parsed.pathname,
        headers: { host: parsed.host },
      });
      return res.body;
    });
    t = await buildTestApp({
      postgres,
      clock,
      env: { ...SCRIPTED_LAB_ENV, TRACKING_CONCURRENCY: '0' },
      overrides: { lab: new SandboxLab(0), flowLab: lab },
    });
    manifest = buildManifest({ port: t.config.PORT });
  });
  afterEach(async () => t?.close());

  it('runs a tracked flow daily, judges each step, alerts once when add-to-cart slows and once when it recovers', async () => {
    // The free plan: daily runs, not hourly ones.
    const user = await signUp(t.app, 1);
    let headers = user.headers;
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers, ...(payload && { payload }) });
    /** Signs in again: the days the test lives through outlast a session. */
    const signIn = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: user.user.email, password: 'password123' },
      });
      expect(res.statusCode, res.body).toBe(200);
      headers = { authorization: `Bearer ${res.json<{ token: string }>().token}` };
    };
    await t.db.kysely
      .insertInto('tracking_webhooks')
      .values({
        id: crypto.randomUUID(),
        workspace_id: user.workspace.id,
        url: 'https://hooks.example.test/speedrank',
        secret: 'whsec_test',
        created_at: clock.now().toISOString(),
      })
      .execute();
    const shop = manifest.shopAccount;
    const created = await call('POST', '/flows', {
      name: 'Add to cart',
      steps: [
        { kind: 'navigate', url: shop.productUrl, name: 'Product page' },
        { kind: 'startTimespan', name: 'Add to cart' },
        { kind: 'click', selector: shop.addToCartSelector },
        { kind: 'waitFor', text: 'Added to cart' },
        { kind: 'endTimespan' },
      ],
    });
    const id = created.json<{ id: string }>().id;

    const hourly = await call('PATCH', `/flows/${id}`, { schedule: 'hourly' });
    expect(hourly.statusCode).toBe(403);
    expect(hourly.json().message).toBe(TRACKING_MESSAGES.upgradeForHourly);
    const tracked = (await call('PATCH', `/flows/${id}`, { schedule: 'daily' })).json<Flow>();
    expect(tracked.tracking).toEqual({
      schedule: 'daily',
      nextRunAt: clock.now().toISOString(),
      steps: {},
      failing: false,
    });

    const { fromSeasonDay, days } = shop.slowCartWeek;
    const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS) % SEASON_DAYS;
    const ranOn: number[] = [];
    for (let run = 0; run < 20; run++) {
      await signIn();
      expect(await t.app.services.flowTracking.tick()).toBe(1);
      // Claimed: a second pass finds nothing due until the run ends and the slot moves.
      expect(await t.app.services.flowTracking.tick()).toBe(0);
      // The run ended once the flow's next slot moved: its judgement and alerts come first.
      let flow: Flow;
      for (;;) {
        flow = (await call('GET', `/flows/${id}`)).json<Flow>();
        if (flow.tracking.nextRunAt! > clock.now().toISOString()) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const latest = (await call('GET', `/flows/${id}/runs`)).json().runs[0] as FlowRunHistoryEntry;
      expect(latest.finishedAt).not.toBeNull();
      ranOn.push(dayOf(latest.createdAt));
      clock.advanceMinutes((Date.parse(flow.tracking.nextRunAt!) - clock.now().getTime()) / 60_000);
    }
    await signIn();
    // One run a day, on consecutive days from season day 53.
    expect(ranOn).toEqual(Array.from({ length: 20 }, (_, i) => 53 + i));

    const history = (await call('GET', `/flows/${id}/runs`)).json().runs as FlowRunHistoryEntry[];
    expect(history.map((run) => [run.trigger, run.status])).toEqual(
      history.map(() => ['schedule', 'done']),
    );
    const cart = (run: FlowRunHistoryEntry) => run.steps.find((s) => s.name === 'Add to cart')!;
    const slow = (run: FlowRunHistoryEntry) => {
      const d = dayOf(run.createdAt) - fromSeasonDay;
      return d >= 0 && d < days;
    };
    for (const run of history) expect(cart(run).values.tbt).toBeGreaterThan(slow(run) ? 800 : 340);
    // Judged from the fourth run on: two earlier runs in its window, one in its baseline.
    const regressionOn = history
      .filter((run) => cart(run).regression)
      .map((run) => dayOf(run.createdAt))
      .reverse();
    expect(history.filter((run) => cart(run).regression === null)).toHaveLength(3);
    // The third slow run in a row makes the step a regression, for the rest of the week.
    expect(regressionOn).toEqual([65, 66, 67, 68, 69]);
    // The page load did not change: never a regression.
    expect(history.some((run) => run.steps[0]!.regression)).toBe(false);

    const alerts = (await call('GET', `/flows/${id}/alerts`)).json().alerts as FlowAlert[];
    expect(alerts.map((a) => [a.kind, a.step, dayOf(a.at)])).toEqual([
      ['recovery', 'Add to cart', 70],
      ['regression', 'Add to cart', 65],
    ]);
    expect(alerts[1]!.reasons.map((r) => r.metric)).toEqual(['tbt']);
    expect(alerts[1]!.reasons[0]!.text).toMatch(
      /^TBT went from 3\d\d ms to 8\d\d ms, a significant change/,
    );
    const flow = (await call('GET', `/flows/${id}`)).json<Flow>();
    expect(flow.tracking.steps).toEqual({ 'Product page': 'ok', 'Add to cart': 'ok' });

    const mails = outboxMessagesTo(t.config, user.user.email).filter((m) =>
      m.includes('of the flow Add to cart'),
    );
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('of the flow Add to cart is slower in its last 3 runs');
    expect(mails[1]).toMatch(/- TBT went from 3\d\d ms to 8\d\d ms/);
    expect(mails[1]).toContain(`User flows page in SpeedRank: http://localhost/flows?id=${id}`);
    expect(mails[0]).toContain('of the flow Add to cart has recovered');
    const deliveries = await t.db.kysely
      .selectFrom('tracking_webhook_deliveries')
      .select(['event', 'body'])
      .orderBy('created_at')
      .execute();
    expect(deliveries.map((d) => d.event)).toEqual(['flow.regression', 'flow.recovery']);
    const payload = JSON.parse(deliveries[0]!.body) as WebhookPayload;
    expect(payload.flow).toMatchObject({ id, name: 'Add to cart', step: 'Add to cart' });
    expect(payload.reasons[0]!.metric).toBe('tbt');
    expect(payload.link).toContain(`/flows?id=${id}`);

    // Scheduled runs draw on the scheduled checks, one per measured step; speed tests stay.
    const quotas = t.app.services.quotas;
    const months = [...new Set(history.map((run) => run.createdAt.slice(0, 7)))];
    const used = async (tool: string) =>
      (await Promise.all(months.map((m) => quotas.used(user.workspace.id, tool, m)))).reduce(
        (a, b) => a + b,
      );
    expect(await used(SCHEDULED_CHECKS_TOOL)).toBe(40);
    expect(await used('speed')).toBe(0);
    expect(lab.runs).toBe(20);

    // Untracked: no next run, nothing due.
    const off = (await call('PATCH', `/flows/${id}`, { schedule: null })).json<Flow>();
    expect(off.tracking.nextRunAt).toBeNull();
    clock.advanceMinutes(3 * 24 * 60);
    expect(await t.app.services.flowTracking.tick()).toBe(0);
  });

  it('records a scheduled run the month’s scheduled checks cannot pay as not run, and waits for the next slot', async () => {
    const user = await signUp(t.app, 1);
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/flows`,
      headers: user.headers,
      payload: {
        name: 'Product',
        steps: [{ kind: 'navigate', url: manifest.shopAccount.productUrl }],
      },
    });
    const id = created.json<{ id: string }>().id;
    await t.app.inject({
      method: 'PATCH',
      url: `${API}/flows/${id}`,
      headers: user.headers,
      payload: { schedule: 'daily' },
    });
    // The free plan's scheduled checks, all used.
    const limit = entitlementsOf(1).scheduledCheckLimit;
    expect(
      await t.app.services.quotas.consume(user.workspace.id, SCHEDULED_CHECKS_TOOL, limit, limit),
    ).toBe(true);
    expect(await t.app.services.flowTracking.tick()).toBe(0);
    const runs = await t.app.inject({
      method: 'GET',
      url: `${API}/flows/${id}/runs`,
      headers: user.headers,
    });
    expect(runs.json().runs).toMatchObject([{ status: 'error', trigger: 'schedule' }]);
    const run = await t.app.inject({
      method: 'GET',
      url: `${API}/flows/runs/${runs.json().runs[0].id}`,
      headers: user.headers,
    });
    expect(run.json()).toMatchObject({ error: FLOW_MESSAGES.allowanceUsed, charged: 0 });
    const flow = await t.app.inject({
      method: 'GET',
      url: `${API}/flows/${id}`,
      headers: user.headers,
    });
    expect(flow.json<Flow>().tracking.nextRunAt! > clock.now().toISOString()).toBe(true);
    expect(lab.runs).toBe(0);
  });
});
