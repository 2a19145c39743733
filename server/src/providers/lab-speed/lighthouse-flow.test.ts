import { launch, type LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowBody } from '@core/flows/flow-schema';
import { FLOW_MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { steadySandboxPage } from '../../../test/sandbox-pages';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { isoDateOfDay, SEASON_DAYS, sharedManifest, type SandboxShopAccount } from '@sandbox';
import cartRecording from '../../flows/fixtures/recorder-petshop-cart.json';
import { importRecorder } from '../../flows/recorder-import';
import { runFlow, type FlowJob } from './lighthouse-flow';
import { LocalLighthouseProvider } from './local-lighthouse';
import { LabRunError, type LabSession } from './port';

/** Lighthouse's user flows in Debian's Chromium, on sandbox pages served by the app. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
let t: TestApp;
let chrome: LaunchedChrome;
let light: string;
let shop: SandboxShopAccount;

beforeAll(async () => {
  const port = await freePort();
  shop = sharedManifest(port).shopAccount;
  // A day of the shop's planted slow cart week: what a tracked flow sees as a regression.
  const slowDay = SEASON_DAYS * 250 + shop.slowCartWeek.fromSeasonDay;
  t = await buildTestApp({ env: { PORT: String(port), SANDBOX_DAY: isoDateOfDay(slowDay) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  light = steadySandboxPage('light', port);
  chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
}, 60_000);
afterAll(async () => {
  chrome?.kill();
  await t?.close();
});

const job = (flow: FlowBody, secrets = {}): FlowJob => ({
  flow: { device: 'mobile', ...flow },
  port: chrome.port,
  secrets,
  stepTimeoutMs: 3_000,
  loadTimeoutMs: 45_000,
});

describe('a user flow measured by Lighthouse', () => {
  it('fails at the step whose element never comes, with its screenshot and what ran before', async () => {
    const outcome = await runFlow(
      job({
        name: 'Broken',
        steps: [
          { kind: 'navigate', url: light },
          { kind: 'click', selector: '#no-such-button', navigates: true },
        ],
      }),
    );
    expect(outcome.failure).toMatchObject({ step: 1, kind: 'click', selector: '#no-such-button' });
    expect(outcome.failure?.message).toMatch(/no-such-button|Timed out|timeout/i);
    expect(outcome.failure?.screenshot).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(outcome.steps.map((s) => [s.kind, s.status])).toEqual([
      ['navigation', 'done'],
      ['navigation', 'failed'],
    ]);
  }, 120_000);

  it('fails a page load that answers an HTTP error, and runs nothing after it', async () => {
    const missing = new URL('/no-such-page', light).href;
    const outcome = await runFlow(
      job({
        name: 'Gone',
        steps: [
          { kind: 'navigate', url: missing, name: 'Missing' },
          { kind: 'snapshot', name: 'After' },
        ],
      }),
    );
    expect(outcome.failure).toMatchObject({ step: 0, message: FLOW_MESSAGES.pageStatus(404) });
    expect(outcome.steps).toMatchObject([
      { name: 'Missing', status: 'failed', error: FLOW_MESSAGES.pageStatus(404), metrics: {} },
      { name: 'After', status: 'not_run', error: FLOW_MESSAGES.notRunAfter(1) },
    ]);
  }, 120_000);

  it("imports the shop's Recorder file, types its password as a secret, and measures the add-to-cart long task", async () => {
    const port = new URL(light).port;
    const recording = JSON.parse(JSON.stringify(cartRecording).replaceAll(':8080', `:${port}`));
    const imported = importRecorder(recording);
    expect(imported.notes).toEqual([FLOW_MESSAGES.recorderPassword(4)]);
    // As the note says: the password typed by a secret's name, not kept in the flow.
    const steps = imported.flow.steps.map((step) =>
      step.kind === 'type' && step.selector === '#password'
        ? { kind: 'type' as const, selector: step.selector, secret: 'SHOP_PASSWORD' }
        : step,
    );
    expect(steps).toContainEqual({ kind: 'navigate', url: shop.productUrl });
    // Through the pool, as the app runs it: a Lighthouse process of its own, the guard proxy.
    const lab = new LocalLighthouseProvider(CHROME_PATH, 1, 60_000, t.app.services.pageFetch);
    const outcome = await lab
      .runFlow({
        flow: { ...imported.flow, steps: [...steps, { kind: 'snapshot', name: 'Added' }] },
        secrets: { SHOP_PASSWORD: shop.password },
        signal: new AbortController().signal,
      })
      .finally(() => lab.close());
    expect(outcome.failure).toBeNull();
    expect(outcome.steps.map((s) => [s.kind, s.status])).toEqual([
      ['navigation', 'done'],
      ['timespan', 'done'],
      ['navigation', 'done'],
      ['navigation', 'done'],
      ['timespan', 'done'],
      ['snapshot', 'done'],
    ]);
    const [open, , signedIn, , , snapshot] = outcome.steps;
    expect(open).toMatchObject({ name: `Open ${shop.signInUrl}`, url: shop.signInUrl });
    expect(open!.metrics.lcp?.numericValue).toBeGreaterThan(0);
    expect(open!.metrics.psi?.score).toBeGreaterThan(0);
    expect(open!.filmstrip.length).toBeGreaterThan(0);
    expect(snapshot).toMatchObject({ name: 'Added', metrics: {} });
    expect(outcome.environment?.lighthouseVersion).toMatch(/^13\./);
    // Signed in: the account page, not the sign-in form it sends visitors back to.
    expect(signedIn!.url).toBe(shop.accountUrl);
    // The slow week's long task, as Lighthouse counts blocking time (past 50 ms) and INP.
    const addToCart = outcome.steps[4]!.metrics;
    const { longTaskMs } = shop.slowCartWeek;
    expect(longTaskMs).toBeGreaterThan(shop.addToCartLongTaskMs);
    expect(addToCart.tbt?.numericValue).toBeGreaterThanOrEqual((longTaskMs - 50) * 0.9);
    expect(addToCart.inp?.numericValue).toBeGreaterThanOrEqual(longTaskMs * 0.9);
    expect(addToCart.inp?.score).toBeLessThan(90);
    expect(JSON.stringify(outcome)).not.toContain(shop.password);
  }, 120_000);

  it('measures a page signed in, by a sign-in flow or a cookie from a secret, in a context that ends with the run', async () => {
    // The shop's session cookie as its sign-in form sets it.
    const signInUrl = new URL(shop.signInUrl);
    const answer = await t.app.inject({
      method: 'POST',
      url: signInUrl.pathname,
      headers: { host: signInUrl.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: shop.email, password: shop.password }).toString(),
    });
    const token = /petshop_session=([^;]+)/.exec(String(answer.headers['set-cookie']))?.[1];
    expect(token).toBeTruthy();
    const lab = new LocalLighthouseProvider(CHROME_PATH, 1, 60_000, t.app.services.pageFetch);
    const measure = (session?: LabSession) =>
      lab.run({
        url: shop.accountUrl,
        strategy: 'desktop',
        signal: new AbortController().signal,
        onStage: () => undefined,
        ...(session && { session }),
      });
    try {
      const byCookie = await measure({
        steps: [],
        cookies: [{ name: shop.sessionCookie, value: token! }],
        secrets: { SHOP_SESSION: token! },
      });
      expect(byCookie.finalUrl).toBe(shop.accountUrl);
      const byFlow = await measure({
        steps: [
          { kind: 'navigate', url: shop.signInUrl },
          { kind: 'type', selector: '#email', text: shop.email },
          { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
          { kind: 'click', selector: 'aria/Sign in[role="button"]', navigates: true },
        ],
        cookies: [],
        secrets: { SHOP_PASSWORD: shop.password },
      });
      expect(byFlow.finalUrl).toBe(shop.accountUrl);
      expect(byFlow.lab.psi?.score).toBeGreaterThan(0);
      // The same browser, signed out: the session ended with its run's context.
      const anonymous = await measure();
      expect(anonymous.finalUrl).toBe(shop.signInUrl);
      // A sign-in that fails names its step, never the secret.
      const wrong = await measure({
        steps: [
          { kind: 'navigate', url: shop.signInUrl },
          { kind: 'click', selector: '#no-such-field' },
        ],
        cookies: [],
        secrets: { SHOP_PASSWORD: shop.password },
      }).catch((error: unknown) => error);
      expect(wrong).toBeInstanceOf(LabRunError);
      expect((wrong as Error).message).toMatch(/^Signing in failed at step 2: /);
    } finally {
      await lab.close();
    }
  }, 120_000);
});
