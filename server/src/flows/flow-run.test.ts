import { launch, type LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowBody } from '@core/flows/flow-schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { freePort } from '../../test/free-port';
import { steadySandboxPage } from '../../test/sandbox-pages';
import { CHROMIUM_FLAGS } from '../providers/lab-speed/chromium-flags';
import { runFlow, type FlowJob } from './flow-run';

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
    expect(outcome.status).toBe('done');
    expect(outcome.steps.map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: 'Open the page', kind: 'navigation' },
      { name: 'Scroll down', kind: 'timespan' },
      { name: 'Scrolled', kind: 'snapshot' },
    ]);
    const [load, span] = outcome.steps;
    expect(load!.lhr.audits['largest-contentful-paint']?.numericValue).toBeGreaterThan(0);
    expect(span!.lhr.audits['total-blocking-time']?.numericValue).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('fails at the step whose element never comes, with its screenshot and what ran before', async () => {
    const outcome = await runFlow(
      job({
        name: 'Broken',
        steps: [
          { kind: 'navigate', url: light },
          { kind: 'click', selector: '#no-such-button' },
        ],
      }),
    );
    expect(outcome).toMatchObject({ status: 'failed', step: 1 });
    if (outcome.status !== 'failed') return;
    expect(outcome.message).toMatch(/no-such-button|Timed out|timeout/i);
    expect(outcome.screenshot).toMatch(/^\/9j\//);
    expect(outcome.steps.map((s) => s.kind)).toEqual(['navigation']);
  }, 120_000);
});
