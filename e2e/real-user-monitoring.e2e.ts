import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RUM_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { registerByApi, storeSession } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';

const h = useBrowser();

const ORIGIN = 'http://example.test';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Metric {
  name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
  value: number;
  target?: string;
}

/** Posts one page view's beacon as rum.js would from a page of the site. */
async function sendBeacon(
  key: string,
  device: 'mobile' | 'desktop',
  path: string,
  metrics: Metric[],
) {
  const response = await fetch(`${h.baseUrl}/rum/v1/collect`, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'user-agent': DESKTOP_CHROME,
      'content-type': 'text/plain;charset=UTF-8',
    },
    body: JSON.stringify({ site: key, path, device, connection: '4g', metrics }),
  });
  expect(response.status).toBe(204);
}

/**
 * Six page views with known values. LCP over all six: 1.5, 2, 3, 5, 6 and 7 s, so its p75
 * (the value at rank ⌊0.75 × 5⌋) is 5 s, 2 good, 1 needing improvement and 3 poor; on
 * desktop alone 1.5, 2, 3 and 5 s, a p75 of 3 s; on desktop product pages 2 s.
 */
async function sendPageViews(key: string) {
  await sendBeacon(key, 'desktop', '/products/12', [
    { name: 'LCP', value: 1500, target: 'img.hero' },
    { name: 'INP', value: 120, target: 'button#buy' },
    { name: 'CLS', value: 0.02 },
    { name: 'FCP', value: 900 },
    { name: 'TTFB', value: 300 },
  ]);
  await sendBeacon(key, 'desktop', '/products/34', [
    { name: 'LCP', value: 2000, target: 'img.hero' },
    { name: 'INP', value: 180 },
    { name: 'CLS', value: 0.05 },
  ]);
  await sendBeacon(key, 'desktop', '/products/56', [
    { name: 'LCP', value: 3000, target: 'img.hero' },
    { name: 'INP', value: 350, target: 'button#buy' },
    { name: 'CLS', value: 0.3, target: 'div.banner' },
  ]);
  await sendBeacon(key, 'desktop', '/', [
    { name: 'LCP', value: 5000, target: 'h1.title' },
    { name: 'TTFB', value: 1900 },
  ]);
  await sendBeacon(key, 'mobile', '/cart', [
    { name: 'LCP', value: 6000, target: 'img.banner' },
    { name: 'CLS', value: 0.12 },
  ]);
  await sendBeacon(key, 'mobile', '/cart', [
    { name: 'LCP', value: 7000, target: 'img.banner' },
    { name: 'INP', value: 700, target: 'a.checkout' },
  ]);
  // A value no page view gives: dropped and counted, never in the figures.
  await sendBeacon(key, 'desktop', '/', [{ name: 'TTFB', value: -5 }]);
}

const tile = (page: Page, metric: string) =>
  page.locator(`[data-testid=rum-metric][data-metric=${metric}]`);
const p75Of = async (page: Page, metric: string) =>
  (await tile(page, metric).getByTestId('rum-p75').textContent())?.replace(/ \(.*\)$/, '');

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await page.screenshot({ path: `/tmp/shots/rum-${name}-${width}.png`, fullPage: true });
}

async function expectNoOverflowOnPhone(page: Page, where: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page, where)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('real-user monitoring', () => {
  it('asks a visitor to sign in', async () => {
    const { page } = await h.newPage();
    await page.goto(ROUTES.realUserMonitoring);
    await page.getByRole('heading', { name: 'Real-user monitoring', level: 1 }).waitFor();
    expect(await page.getByTestId('rum-signed-out').textContent()).toContain(
      RUM_MESSAGES.signedOut,
    );
  });

  it('adds a site, shows its snippet, then the field data its visitors send, filtered', async () => {
    const { page, context } = await h.newPage({ width: 1366, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await storeSession(page, await registerByApi(page, 'rum'));
    await page.goto('/');
    await page.getByRole('link', { name: 'Open Real-user monitoring' }).click();
    await page.getByRole('heading', { name: 'Real-user monitoring', level: 1 }).waitFor();
    await page.goto('/');
    await page.getByTestId('header').getByRole('link', { name: 'Field data (RUM)' }).click();
    await page.waitForURL((at) => at.pathname === ROUTES.realUserMonitoring);
    expect(await page.getByTestId('rum-site-count').textContent()).toBe(
      '0 of 1 site on your Free plan',
    );

    // The shared schema's messages, under their fields, before anything is sent.
    await page.getByRole('button', { name: 'Add a site' }).click();
    const form = page.getByTestId('rum-site-form');
    await form.getByLabel('Origins, one a line').fill('http://example.test/shop');
    await form.getByLabel('Sample rate').fill('0');
    await form.getByRole('button', { name: 'Add site' }).click();
    const invalid = form.locator('.invalid-feedback');
    expect(await invalid.allTextContents()).toEqual([
      'Enter a name',
      `Line 1: ${RUM_MESSAGES.badOrigin}`,
      RUM_MESSAGES.badSampleRate,
    ]);
    await form.getByLabel('Name').fill('Example shop');
    await form.getByLabel('Origins, one a line').fill(ORIGIN);
    await form.getByLabel('Sample rate').fill('100');
    await form.getByRole('button', { name: 'Add site' }).click();

    const added = page.getByTestId('rum-site-added');
    const snippet = (await added.getByTestId('rum-snippet-code').textContent())!;
    expect(snippet).toMatch(
      /^<script src="http:\/\/127\.0\.0\.1:\d+\/rum\.js" data-site="[^"]+" async><\/script>$/,
    );
    const key = snippet.match(/data-site="([^"]+)"/)![1]!;
    expect(await added.textContent()).toContain('just before </head>');
    expect(await added.getByTestId('rum-privacy').textContent()).toMatch(
      /No cookies.*Global Privacy Control/,
    );
    await added.getByRole('button', { name: 'Copy the snippet' }).click();
    await added.getByRole('button', { name: 'Snippet copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // The plan's one site is used: the lock, with the way to the plans, replaces the button.
    expect(await page.getByTestId('rum-site-count').textContent()).toBe(
      '1 of 1 site on your Free plan',
    );
    expect(await page.getByTestId('rum-site-limit').textContent()).toBe(
      `${RUM_MESSAGES.upgradeForSites(1)} See plans.`,
    );
    expect(await page.getByRole('button', { name: 'Add a site' }).count()).toBe(0);
    expect(await page.getByTestId('rum-site-origins').textContent()).toBe(ORIGIN);
    await expectAccessible(page, 'sites');
    await shoot(page, 'sites', 1366);
    await shoot(page, 'sites', 390);
    await expectNoOverflowOnPhone(page, 'sites');

    // No beacon yet: the snippet again.
    await added.getByRole('link', { name: 'Open its dashboard' }).click();
    await page.getByTestId('rum-empty').waitFor();
    expect(await page.getByTestId('rum-empty').textContent()).toContain(RUM_MESSAGES.noPageViews);
    expect(await page.getByTestId('rum-empty').getByTestId('rum-snippet-code').textContent()).toBe(
      snippet,
    );
    await expectAccessible(page, 'empty dashboard');
    await shoot(page, 'empty-dashboard', 1366);
    await shoot(page, 'empty-dashboard', 390);
    await expectNoOverflowOnPhone(page, 'empty dashboard');

    await sendPageViews(key);
    // Beacons may be buffered for a moment before they count: the page is asked again.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('rum-empty').or(tile(page, 'LCP')).first().waitFor();
          return (await tile(page, 'LCP').count()) ? p75Of(page, 'LCP') : 'empty';
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('5.0 s');
    expect(await tile(page, 'LCP').getByTestId('rum-shares').textContent()).toBe(
      'Good 33%Needs improvement 17%Poor 50%',
    );
    expect(await tile(page, 'LCP').getByTestId('rum-samples').textContent()).toBe('6 samples');
    expect(await page.getByTestId('rum-source').first().textContent()).toMatch(
      /^From your visitors \(RUM\), .+ \(28 days\)$/,
    );
    expect(await page.getByTestId('rum-dropped').textContent()).toBe(RUM_MESSAGES.dropped(1));
    const productRow = page.getByTestId('rum-page-row').filter({ hasText: '/products/:id' });
    expect((await productRow.locator('td').allTextContents()).slice(0, 2)).toEqual([
      '3',
      '2.0 s (good)',
    ]);
    const bannerRow = page.getByTestId('rum-target-row').filter({ hasText: 'img.banner' });
    expect(await bannerRow.locator('td').allTextContents()).toEqual([
      'LCP',
      'img.banner',
      '/cart',
      '2',
      '100%',
      '6.5 s',
    ]);
    // The charts come in a chunk of their own.
    await expect.poll(() => page.getByTestId('rum-series-chart').count()).toBe(5);
    expect(
      await page
        .locator('[data-testid=rum-series-chart][data-metric=LCP]')
        .getAttribute('aria-label'),
    ).toMatch(/^Largest Contentful Paint, p75 per day from .+: 1 day with page views; 5\.0 s on /);
    await expectAccessible(page, 'dashboard');
    await shoot(page, 'dashboard', 1366);
    await shoot(page, 'dashboard', 390);
    await expectNoOverflowOnPhone(page, 'dashboard');

    // Desktop only: the mobile page views leave the figures.
    await page.getByLabel('Device').selectOption('desktop');
    await expect.poll(() => p75Of(page, 'LCP')).toBe('3.0 s');
    expect(await tile(page, 'LCP').getByTestId('rum-shares').textContent()).toBe(
      'Good 50%Needs improvement 25%Poor 25%',
    );
    expect(new URL(page.url()).searchParams.get('device')).toBe('desktop');
    // A page group's row narrows it further.
    await productRow.getByRole('button').click();
    await expect.poll(() => p75Of(page, 'LCP')).toBe('2.0 s');
    expect(await page.getByLabel('Page group').inputValue()).toBe('/products/:id');
    expect(await page.getByTestId('rum-source').first().textContent()).toMatch(
      /; Desktop, \/products\/:id only$/,
    );
  }, 120_000);

  it('edits and deletes a site; a deleted site’s dashboard says it is gone', async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    await storeSession(page, await registerByApi(page, 'rum-edit'));
    await page.goto(ROUTES.realUserMonitoring);
    await page.getByRole('button', { name: 'Add a site' }).click();
    const form = page.getByTestId('rum-site-form');
    await form.getByLabel('Name').fill('Blog');
    await form
      .getByLabel('Origins, one a line')
      .fill('https://blog.example\nhttps://www.blog.example');
    await form.getByRole('button', { name: 'Add site' }).click();
    const site = page.getByTestId('rum-site');
    await site.waitFor();
    const dashboard = await site.getByTestId('rum-site-link').getAttribute('href');

    await site.getByRole('button', { name: 'Edit' }).click();
    await site.getByLabel('Sample rate').fill('25');
    await site.getByRole('button', { name: 'Save' }).click();
    await site.getByText('25% of page views measured').waitFor();
    expect(await site.getByTestId('rum-site-origins').textContent()).toBe(
      'https://blog.example, https://www.blog.example',
    );

    await site.getByRole('button', { name: 'Delete' }).click();
    await site.getByRole('button', { name: 'Delete it and its figures' }).click();
    await page.getByRole('button', { name: 'Add a site' }).waitFor();
    expect(await page.getByTestId('rum-site').count()).toBe(0);

    await page.goto(dashboard!);
    expect(await page.getByTestId('rum-not-found').textContent()).toBe(
      `${RUM_MESSAGES.notFound} All sites`,
    );
  });
});
