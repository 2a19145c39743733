import { launch, type LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowBody } from '@core/flows/flow-schema';
import { FLOW_MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { steadySandboxPage } from '../../../test/sandbox-pages';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { runFlow, type FlowJob } from './lighthouse-flow';

/** Lighthouse's user flows in Debian's Chromium, on sandbox pages served by the app. */
let t: TestApp;
let chrome: LaunchedChrome;
let light: string;

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ env: { PORT: String(port) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  light = steadySandboxPage('light', port);
  chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  it('measures a page load, a timespan of actions and a snapshot, each under its name', async () => {
    const outcome = await runFlow(
      job({
        name: 'Read on',
        steps: [
          { kind: 'navigate', url: light, name: 'Open the page' },
          { kind: 'startTimespan', name: 'Scroll down' },
          { kind: 'scroll', y: 600 },
          { kind: 'waitFor', selector: 'main' },
          { kind: 'endTimespan' },
          { kind: 'snapshot', name: 'Scrolled' },
        ],
      }),
    );
    expect(outcome.failure).toBeNull();
    expect(outcome.steps.map(({ name, kind, status }) => ({ name, kind, status }))).toEqual([
      { name: 'Open the page', kind: 'navigation', status: 'done' },
      { name: 'Scroll down', kind: 'timespan', status: 'done' },
      { name: 'Scrolled', kind: 'snapshot', status: 'done' },
    ]);
    const [load, span, snapshot] = outcome.steps;
    expect(load!.metrics.lcp?.numericValue).toBeGreaterThan(0);
    expect(load!.metrics.psi?.score).toBeGreaterThan(0);
    expect(load!.filmstrip.length).toBeGreaterThan(0);
    expect(load!.url).toBe(light);
    expect(Object.keys(span!.metrics).sort()).toEqual(['cls', 'tbt']);
    expect(snapshot!.metrics).toEqual({});
    expect(outcome.environment?.lighthouseVersion).toMatch(/^13\./);
  }, 120_000);

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
});
