import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import { startAppProcess } from '../server/test/app-process';
import { startRecordedServer } from '../server/test/recorded-server';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { signUpOn, trackThroughForm } from './support/tracking';

const h = useBrowser();

const fixture = (name: string) =>
  path.join(import.meta.dirname, '../server/src/providers/field-data/fixtures', name);

/** The recorded CrUX replies: a page without enough data ('/new'), any other page, an origin. */
function cruxReply(body: string) {
  const asked = JSON.parse(body);
  if (asked.origin) return { fixture: fixture('crux-history-origin-phone.json') };
  return String(asked.url).endsWith('/new')
    ? { status: 404, fixture: fixture('crux-404.json') }
    : { fixture: fixture('crux-history-page-phone.json') };
}

describe('a tracked page with the Chrome UX Report configured', () => {
  let crux: Awaited<ReturnType<typeof startRecordedServer>>;
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  const pageUrl = (path: string) => `http://bake-street.sandbox.localhost:${app.port}${path}`;

  beforeAll(async () => {
    crux = await startRecordedServer((req) => cruxReply(req.body));
    app = await startAppProcess(
      {
        CRUX_API_KEY: 'e2e-crux-key',
        CRUX_BASE_URL: crux.baseUrl,
        // No lab check runs: the real-user history needs none.
        TRACKING_CONCURRENCY: '0',
      },
      { lab: 'stand-in' },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await crux?.close();
  });

  it('charts the page and its origin week by week with the source and the latest period', async () => {
    const { page, context } = await h.newPage({ baseUrl: app.baseUrl, width: 1366, height: 900 });
    await signUpOn(page, app.baseUrl, 'crux-history');
    await trackThroughForm(page, pageUrl('/about'));

    const section = page.getByTestId('field-history');
    const chart = section.getByTestId('field-history-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toBe(
      'Largest Contentful Paint p75 per week. This page: 36 of 40 weeks with data, latest 2.25 s. ' +
        'Origin: 40 of 40 weeks with data, latest 2.21 s.',
    );
    expect(await section.getByTestId('field-history-legend').textContent()).toBe(
      'This pageOrigin (all pages)Good: 2.50 s or less',
    );
    const caption = await section.getByTestId('field-history-caption').textContent();
    expect(caption).toMatch(
      /^Chrome UX Report, 28-day p75 per week\. Latest period Oct 18 – Nov 14, 2026; fetched .+\.$/,
    );
    expect(await section.getByTestId('field-history-not-enough').count()).toBe(0);
    // The app asked CrUX's History API for the mobile (PHONE) page and origin, 40 weeks each.
    const bodies = crux.requests.map((r) => JSON.parse(r.body));
    expect(crux.requests[0]!.url.pathname).toBe('/v1/records:queryHistoryRecord');
    expect(crux.requests[0]!.url.searchParams.get('key')).toBe('e2e-crux-key');
    expect(
      bodies.map((b) => [b.url ?? b.origin, b.formFactor, b.collectionPeriodCount]).sort(),
    ).toEqual([
      [`http://bake-street.sandbox.localhost:${app.port}`, 'PHONE', 40],
      [pageUrl('/about'), 'PHONE', 40],
    ]);

    await section.locator('label[for="field-history-metric-CLS"]').click();
    await expect
      .poll(() => chart.getAttribute('aria-label'))
      .toBe(
        'Cumulative Layout Shift p75 per week. This page: 36 of 40 weeks with data, latest 0.05. ' +
          'Origin: 40 of 40 weeks with data, latest 0.04.',
      );
    await section.locator('label[for="field-history-metric-LCP"]').click();
    await expectAccessible(page, 'a tracked page with its CrUX history');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/crux-1366.png', fullPage: true });
    await context.close();
  }, 120_000);

  it('shows the origin alone when the page has too little data, and fits a phone', async () => {
    const { page, context } = await h.newPage({ baseUrl: app.baseUrl, width: 390, height: 844 });
    await signUpOn(page, app.baseUrl, 'crux-history-phone');
    await trackThroughForm(page, pageUrl('/new'));

    const section = page.getByTestId('field-history');
    const chart = section.getByTestId('field-history-chart');
    await chart.waitFor();
    expect(await section.getByTestId('field-history-not-enough').textContent()).toBe(
      TRACKING_MESSAGES.fieldHistoryNotEnough.page,
    );
    expect(await chart.getAttribute('aria-label')).toMatch(
      /This page: no data\. Origin: 40 of 40 weeks with data, latest 2\.21 s\.$/,
    );
    expect(await section.getByTestId('field-history-legend').textContent()).toBe(
      'Origin (all pages)Good: 2.50 s or less',
    );
    await section.getByTestId('field-history-caption').waitFor();
    expect(await horizontalOverflow(page, 'CrUX history on a phone')).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/crux-390.png', fullPage: true });
    await context.close();
  }, 120_000);
});
