import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CHROMIUM_FLAGS } from '../server/src/providers/lab-speed/chromium-flags';
import { CHROMIUM_PATH } from './support/browser';
import { uniqueEmail } from './support/accounts';

const API = `${inject('baseUrl')}/backend-service/v1`;
/** A visitor's browser: headless Chromium names itself so, and beacons of bots are not kept. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A site of another origin than the app's, whose page carries the snippet it is given. */
function startSite() {
  let snippet = '';
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><body>
      <h1>Scoops</h1><p class="lead" style="font-size: 40px">Ice cream all year long.</p>
      <button id="buy" onclick="const t = performance.now(); while (performance.now() - t < 300);">Buy</button>
      <script>setTimeout(() => document.body.prepend(Object.assign(document.createElement('div'),
        { className: 'ad', style: 'height: 200px' })), 300);</script>
      ${snippet}
    </body></html>`);
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    carry: (html: string) => (snippet = html),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(method: string, path: string, token: string, body?: object) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

describe('the beacon script on a site’s page', () => {
  const site = startSite();
  let browser: Browser;
  let origin: string;
  let token: string;
  let siteId: string;

  beforeAll(async () => {
    origin = await site.listen();
    const registered = await fetch(`${API}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Casey',
        email: uniqueEmail('rum'),
        password: 'correct-horse1',
      }),
    });
    token = ((await registered.json()) as { token: string }).token;
    const created = await call('POST', '/rum/sites', token, { name: 'Scoops', origins: [origin] });
    siteId = created.id as string;
    site.carry(created.snippet as string);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--user-agent=${BROWSER}`],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await site.close();
  });

  /** A page view with an interaction; the page is left as `leave` says. */
  async function view(leave: (page: Page) => Promise<unknown>, gpc = false) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((gpc) => {
      if (gpc) Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });
      const w = window as unknown as { beacons: number };
      w.beacons = 0;
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => (w.beacons++, send(url, data));
    }, gpc);
    await page.goto(`${origin}/products/42?coupon=x`);
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, undefined, {
      polling: 50,
    });
    // The banner's shift first: one within half a second of the click would not count.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          new PerformanceObserver(() => resolve()).observe({
            type: 'layout-shift',
            buffered: true,
          }),
        ),
    );
    await page.click('#buy');
    // Observers hear of an interaction after the next paint: leave once they have.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          new PerformanceObserver((list, observer) => {
            if (
              !list
                .getEntries()
                .some((entry) => (entry as { interactionId?: number }).interactionId)
            )
              return;
            observer.disconnect();
            resolve();
          }).observe({
            type: 'event',
            buffered: true,
            durationThreshold: 16,
          } as PerformanceObserverInit),
        ),
    );
    await leave(page);
    await context.close();
  }

  const hide = (page: Page) =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      return (window as unknown as { beacons: number }).beacons;
    });

  it('sends a page view’s five metrics as the visitor leaves, the elements behind LCP, INP and CLS with them', async () => {
    await view((page) => page.goto('about:blank'));
    await vi.waitFor(
      async () => {
        const summary = await call('GET', `/rum/sites/${siteId}/summary?days=7`, token);
        const metrics = summary.metrics as Record<string, { samples: number }>;
        expect(Object.keys(metrics).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
        expect(summary.pages).toMatchObject([{ pageGroup: '/products/:id', views: 1 }]);
        const targets = summary.targets as { metric: string; target: string }[];
        expect(targets.map((t) => t.metric).sort()).toEqual(['CLS', 'INP', 'LCP']);
        expect(targets.find((t) => t.metric === 'INP')?.target).toBe('#buy');
      },
      { timeout: 15_000, interval: 500 },
    );
  });

  it('sends one beacon when the page is hidden, and none for a browser asking not to be tracked', async () => {
    let sent = -1;
    await view(async (page) => (sent = await hide(page)));
    expect(sent).toBe(1);
    await view(async (page) => (sent = await hide(page)), true);
    expect(sent).toBe(0);
  });
});
