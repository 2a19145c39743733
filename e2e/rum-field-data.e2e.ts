import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { buildManifest, sandboxOrigin, type SandboxPage } from '@sandbox';
import type { RumSummaryResponse } from '@core/schemas/rum';
import { rumValueText } from '@core/rum/metric-text';
import { ROUTES } from '@core/routes';
import { registerByApi, storeSession } from './support/accounts';
import { CHROMIUM_FLAGS } from '../server/src/providers/lab-speed/chromium-flags';
import { CHROMIUM_PATH, useBrowser } from './support/browser';

const h = useBrowser();

/**
 * A visitor's browser as a site sees it: headless Chromium's own UA is a bot's. It is the
 * browser's, not a context's: a beacon sent as a page is left carries the browser's.
 */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VISITS = 20;
/** Visits under way at once. */
const AT_ONCE = 4;

interface Observed {
  LCP: number | null;
  FCP: number | null;
  TTFB: number | null;
  CLS: number;
  INP: number | null;
}

/**
 * What the test itself observes in each page, with the browser's own entries: the values
 * the dashboard's figures must come back to.
 */
function observe() {
  const seen = { LCP: null, FCP: null, TTFB: null, CLS: 0, INP: null } as {
    LCP: number | null;
    FCP: number | null;
    TTFB: number | null;
    CLS: number;
    INP: number | null;
  };
  (window as unknown as { observed: typeof seen }).observed = seen;
  const watch = (type: string, each: (entry: PerformanceEntry) => void, more = {}) =>
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({
      type,
      buffered: true,
      ...more,
    });
  // LCP ends at the first input, as it does for web-vitals.
  let input = false;
  addEventListener('pointerdown', () => (input = true), true);
  watch('largest-contentful-paint', (entry) => {
    if (!input) seen.LCP = entry.startTime;
  });
  watch('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') seen.FCP = entry.startTime;
  });
  watch('navigation', (entry) => {
    seen.TTFB = (entry as PerformanceNavigationTiming).responseStart;
  });
  // CLS as web-vitals reports it: the largest session window of shifts (a window ends after
  // a second without one, or five seconds in), not the sum of every shift, which a busy
  // machine's late shifts make larger.
  let session = { start: -Infinity, last: -Infinity, value: 0 };
  watch('layout-shift', (entry) => {
    const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (shift.hadRecentInput) return;
    const at = shift.startTime;
    if (at - session.last > 1000 || at - session.start > 5000)
      session = { start: at, last: at, value: 0 };
    session.value += shift.value;
    session.last = at;
    seen.CLS = Math.max(seen.CLS, session.value);
  });
  // web-vitals falls back on the first input when no interaction is long: so does this.
  watch('first-input', (entry) => {
    seen.INP = Math.max(seen.INP ?? 0, entry.duration);
  });
  watch(
    'event',
    (entry) => {
      if ((entry as PerformanceEntry & { interactionId: number }).interactionId)
        seen.INP = Math.max(seen.INP ?? 0, entry.duration);
    },
    { durationThreshold: 16 },
  );
}

/** The gap between a long-tasks page's later tasks (sandbox/render-page.ts). */
const LATER_TASK_GAP_MS = 400;

/**
 * Waits, after the load, for what the manifest says the page does later: its late banner
 * inserted, its later long tasks run, and a frame painted after them, so that the shift or
 * the tasks are in what the page observed.
 */
async function afterLoadEvents(page: Page, { speed }: SandboxPage) {
  const { longTasksMs, lateInsert } = speed;
  if (lateInsert) await page.locator('.late-banner').waitFor({ state: 'attached' });
  if (longTasksMs.length > 1) {
    // Timed from the page's script, which ran before DOMContentLoaded; a check cannot run
    // while a task holds the page, so passing it means the last one has ended.
    const lastEnds = (longTasksMs.length - 1) * LATER_TASK_GAP_MS + longTasksMs.at(-1)! + 100;
    await page.waitForFunction((ms) => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      return performance.now() > navigation!.domContentLoadedEventStart + ms;
    }, lastEnds);
  }
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** The value at rank floor(0.75 × (n − 1)) of the sorted values, as the dashboard ranks them. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.75 * (sorted.length - 1))]!;
}

/** One site of the sandbox with pages that shift their layout and pages slow to answer a click. */
function sandboxSite(port: number): { site: string; pages: SandboxPage[] } {
  const bySite = new Map<string, SandboxPage[]>();
  for (const page of buildManifest({ port }).pages)
    bySite.set(page.site, [...(bySite.get(page.site) ?? []), page]);
  for (const [site, pages] of bySite) {
    const has = (profile: string) => pages.some((page) => page.speedProfile === profile);
    if (!has('layout-shift') || !has('long-tasks') || pages.length < 5) continue;
    // Three that shift, three slow to answer a click and two others.
    const some = (profile: string | null, n: number) =>
      pages
        .filter((page) =>
          profile
            ? page.speedProfile === profile
            : !['layout-shift', 'long-tasks'].includes(page.speedProfile),
        )
        .slice(0, n);
    return {
      site,
      pages: [...some('layout-shift', 3), ...some('long-tasks', 3), ...some(null, 2)],
    };
  }
  throw new Error('The sandbox has no site with layout shifts and long tasks');
}

it(
  'shows on the dashboard the p75 of what twenty real page views measured, and nothing of bots or GPC',
  { timeout: 240_000 },
  async () => {
    const port = Number(new URL(h.baseUrl).port);
    const { page: api } = await h.newPage();
    const auth = await registerByApi(api);
    const headers = { authorization: `Bearer ${auth.token}` };
    const { site, pages } = sandboxSite(port);
    const origin = sandboxOrigin(site, port);
    const created = await api.request.post(`${h.baseUrl}/backend-service/v1/rum/sites`, {
      headers,
      data: { name: 'Sandbox site', origins: [origin] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const summary = async () =>
      (await (
        await api.request.get(`${h.baseUrl}/backend-service/v1/rum/sites/${id}/summary?days=7`, {
          headers,
        })
      ).json()) as RumSummaryResponse;
    const views = async () => (await summary()).metrics.FCP?.samples ?? 0;

    /**
     * Visits a page as a person would and leaves it; returns what the page measured once the
     * dashboard counts `counted` page views (the browser stays open until the beacon is in).
     */
    const visit = async (
      sandboxPage: SandboxPage,
      options: { bot?: boolean; gpc?: boolean; throttle?: boolean; click?: boolean },
      counted: () => number,
    ): Promise<Observed> => {
      const context: BrowserContext = await (options.bot ? h.browser : visitors).newContext({
        viewport: { width: 1280, height: 800 },
      });
      try {
        const page = await context.newPage();
        await page.addInitScript(observe);
        if (options.gpc)
          await page.addInitScript(() =>
            Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }),
          );
        if (options.throttle) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        await page.goto(sandboxPage.url, { waitUntil: 'load' });
        await afterLoadEvents(page, sandboxPage);
        // A person sees the page before clicking or leaving it. A paint's time is reported
        // after the frame is shown: on a busy machine a light page can load and run two frames
        // first, and a view left then sends neither its FCP nor its LCP.
        await page.waitForFunction(() => {
          const { FCP, LCP } = (window as unknown as { observed: Observed }).observed;
          return FCP !== null && LCP !== null;
        });
        if (options.click) {
          await page.locator('h1').first().click();
          // The click's event entry comes once the long task it starts has ended and painted.
          await page.waitForFunction(
            () => (window as unknown as { observed: Observed }).observed.INP !== null,
          );
        }
        const observed = await page.evaluate(
          () => (window as unknown as { observed: Observed }).observed,
        );
        // Leaving the page ends its view: the beacon goes as it is hidden.
        await page.goto('about:blank');
        await expect.poll(views, { timeout: 15_000 }).toBeGreaterThanOrEqual(counted());
        return observed;
      } finally {
        await context.close();
      }
    };

    const visitors: Browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--user-agent=${DESKTOP_CHROME}`],
    });
    // A bot and a visitor asking not to be tracked: neither is counted.
    await visit(pages[0]!, { bot: true }, () => 0);
    await visit(pages[0]!, { gpc: true }, () => 0);
    expect(await views()).toBe(0);

    // Visitors come a few at once, as they do: each view waits for its own beacon, and the
    // count must end at exactly one per visit.
    const observed: (Observed & { clicked: boolean })[] = [];
    let visited = 0;
    for (let start = 0; start < VISITS; start += AT_ONCE) {
      const batch = [...Array(Math.min(AT_ONCE, VISITS - start)).keys()].map((k) => start + k);
      const measured = await Promise.all(
        batch.map(async (i) => {
          const page = pages[i % pages.length]!;
          const click = page.speedProfile === 'long-tasks';
          const seen = await visit(page, { throttle: i % 3 === 0, click }, () => visited + 1);
          visited++;
          return { ...seen, clicked: click };
        }),
      );
      observed.push(...measured);
      await expect.poll(views, { timeout: 15_000 }).toBe(start + batch.length);
    }
    await visitors.close();

    const { metrics, pages: groups, targets } = await summary();
    const close = (metric: keyof Observed, values: number[]) => {
      const expected = p75(values);
      const shown = metrics[metric]!;
      expect(shown.samples, metric).toBe(values.length);
      expect(
        Math.abs(shown.p75 - expected),
        `${metric} ${shown.p75} vs ${expected}`,
      ).toBeLessThanOrEqual(Math.max(0.1 * expected, metric === 'CLS' ? 0.01 : 1));
    };
    for (const metric of ['LCP', 'FCP', 'TTFB'] as const)
      close(
        metric,
        observed.map((one) => one[metric]!),
      );
    close(
      'CLS',
      observed.map((one) => one.CLS),
    );
    const interactions = observed.flatMap((one) =>
      one.clicked && one.INP !== null ? [one.INP] : [],
    );
    expect(interactions.length).toBeGreaterThan(0);
    close('INP', interactions);
    expect(groups.reduce((sum, group) => sum + group.views, 0)).toBe(VISITS);
    expect(targets.some((target) => target.metric === 'LCP')).toBe(true);

    // The owner's dashboard shows the same p75s.
    await storeSession(api, auth);
    await api.goto(`${ROUTES.realUserMonitoring}?site=${id}&days=7`);
    for (const metric of ['LCP', 'INP', 'CLS'] as const)
      await expect
        .poll(() => api.locator(`[data-metric="${metric}"] [data-testid="rum-p75"]`).innerText())
        .toContain(rumValueText(metric, metrics[metric]!.p75));
  },
);
