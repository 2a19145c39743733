import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SERP_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { trackPageHref } from '../web/src/app/recent-pages';
import { registerByApi, setPlan, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();
/**
 * Not serp-analysis.e2e.ts's search, whose first test must meet cards still loading; the
 * tests here share this one, so the later ones read their samples from the speed cache.
 */
const SEARCH = '/serp-analysis-tool?searchTerm=ice%20cream%20churn';
const LOADED = 240_000;

/** A signed-in user (no account gate), on the plan given. */
async function signedIn(page: Page, planId: number) {
  const auth = await registerByApi(page, 'serp-cards');
  if (planId !== 1) setPlan(auth.userId, planId);
  await storeSession(page, { ...auth, planId });
}

/** Leaves for the home page in the app, which stops the page's samples on the server. */
async function leave(page: Page) {
  await page.locator('.breadcrumb').getByRole('link', { name: 'Tools' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

const inView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const { top } = el.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight / 2;
  });

describe('SERP analysis cards and banners', () => {
  it('shows a filmstrip on every card, the banners by their rules, view-all and back-to-top', async () => {
    const { page } = await h.newPage();
    await signedIn(page, 2);
    await page.goto(SEARCH);
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    // While the samples run: a placeholder where the filmstrip will be, and export says wait.
    await page.getByTestId('filmstrip-skeleton').first().waitFor();
    await page.getByTestId('export-csv').click();
    const notice = page.getByTestId('serp-notice');
    await notice.getByText(MESSAGES.exportNotReady).waitFor();
    const notAsExpected = page.getByTestId('not-as-expected-alert');
    await notAsExpected.getByText(/^Results not as expected\?/).waitFor();

    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: LOADED });
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(10);
    // Every measured card shows its filmstrip; the export notice has gone with the loading.
    const failed = await page.getByTestId('result-speed-error').count();
    expect(await page.getByTestId('card-filmstrip').count()).toBe(count - failed);
    expect(count - failed).toBeGreaterThanOrEqual(10);
    await notice.waitFor({ state: 'detached' });
    const allLoaded = page.getByTestId('all-loaded-alert');
    await allLoaded.getByText(SERP_MESSAGES.allResultsLoaded).waitFor();

    // View all data: every card open, the banner saying so, 'all results loaded' away.
    await page.getByLabel('view all data').check();
    await expect.poll(() => page.getByRole('button', { name: 'less data' }).count()).toBe(count);
    await page.getByTestId('view-all-alert').getByText(SERP_MESSAGES.viewAllData).waitFor();
    expect(await allLoaded.count()).toBe(0);
    // The tab chosen on one card is every card's: all cards share it.
    await cards.nth(1).getByRole('tab', { name: 'Field' }).click();
    expect(
      await cards.first().getByRole('tab', { name: 'Field' }).getAttribute('aria-selected'),
    ).toBe('true');
    // No field-data source on this server: the Field tab says what is missing.
    await cards
      .first()
      .getByTestId('field-unconfigured')
      .getByText(SPEED_MESSAGES.fieldNeedsSource)
      .waitFor();
    await page.getByLabel('view all data').uncheck();
    await expect.poll(() => page.getByRole('button', { name: 'more data' }).count()).toBe(count);
    await allLoaded.waitFor();

    // Back to top after 500 px of scroll; 'View SERP stats' brings the stats into view.
    // From the top: the clicks above scrolled the page as far as the cards' layout took it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await backToTop.waitFor({ state: 'detached' });
    await page.mouse.wheel(0, 2000);
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await backToTop.waitFor({ state: 'detached' });
    await page.mouse.wheel(0, 2000);
    await allLoaded.getByRole('button', { name: SERP_MESSAGES.viewSerpStats }).click();
    await expect.poll(() => inView(page, 'serp-stats')).toBe(true);
    await allLoaded.waitFor({ state: 'detached' });

    // More results clear the schema filters, and a banner says so.
    await page
      .getByTestId('serp-stats')
      .getByRole('button', { name: /\(\d+\)$/ })
      .first()
      .click();
    await page.getByTestId('stats-filters').waitFor();
    await page.getByTestId('more-results').click();
    const cleared = page.getByTestId('filters-cleared-alert');
    await cleared.getByText(SERP_MESSAGES.filtersCleared).waitFor();
    expect(await page.getByTestId('stats-filters').count()).toBe(0);
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(count);
    await cleared.getByRole('button', { name: 'Close' }).click();
    await cleared.waitFor({ state: 'detached' });

    // Closed banners stay closed for the session; 'View SERP stats' only put it away once.
    await notAsExpected.getByRole('button', { name: 'Close' }).click();
    await leave(page);
    await page.goto(SEARCH);
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: LOADED });
    await allLoaded.waitFor();
    expect(await notAsExpected.count()).toBe(0);
    await allLoaded.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await cards.first().waitFor();
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: LOADED });
    await page.waitForTimeout(500);
    expect(await allLoaded.count()).toBe(0);
  }, 600_000);

  it("offers each result to site speed tracking, which lists the analysis' pages", async () => {
    const { page } = await h.newPage();
    await signedIn(page, 1);
    await page.goto(SEARCH);
    const card = page.getByTestId('result-card').first();
    await card.waitFor();
    const link = (await card.getByRole('heading').getByRole('link').getAttribute('href'))!;
    const track = card.getByTestId('track-result');
    expect(await track.getAttribute('href')).toBe(trackPageHref(link));
    await track.click();
    await page.waitForURL((url) => url.pathname === '/site-speed-tracking');
    const form = page.getByTestId('tracked-page-form');
    await form.waitFor().catch(async (error: unknown) => {
      // What the page shows instead says why (signed out, an error, still loading).
      throw new Error(`no form; the page shows: ${await page.locator('main').innerText()}`, {
        cause: error,
      });
    });
    expect(await form.getByLabel('Page URL').inputValue()).toBe(link);
    await form.getByRole('button', { name: 'Cancel' }).click();
    const empty = page.getByTestId('tracking-empty');
    await empty.getByText('From your last SERP analysis, ‘ice cream churn’').waitFor();
    expect(await empty.getByTestId('suggestion').allTextContents()).toContain(
      `${link}Track this page`,
    );
  }, 120_000);

  it('turns the card tabs into a dropdown on mobile, without the filmstrip', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, 1);
    await page.goto(SEARCH);
    const card = page.getByTestId('result-card').first();
    await card.getByRole('button', { name: 'more data' }).click();
    const menu = card.getByTestId('card-tab-menu');
    expect(await menu.textContent()).toBe('Content');
    await menu.click();
    const items = await card.locator('.dropdown-item').allTextContents();
    expect(items).toEqual(['Content', 'Schema Types', 'Lab', 'Field', 'Tech']);
    await card.locator('.dropdown-item', { hasText: 'Lab' }).click();
    expect(await menu.textContent()).toBe('Lab');
    expect(await page.getByTestId('filmstrip-skeleton').count()).toBe(0);
    expect(await page.getByTestId('card-filmstrip').count()).toBe(0);
    // Tabs and chips wrap nowhere: the card is no wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await leave(page);
  }, 120_000);

  it('says why a card whose page fails has no score, with one retry', async () => {
    const { page } = await h.newPage();
    await signedIn(page, 2);
    // The last result becomes a page whose server fails (500), as a broken site in a real SERP.
    let dead = '';
    await page.route('**/backend-service/v1/serp-search', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const last = body.organic_results.at(-1);
      dead = `http://gelato-lab.sandbox.localhost:${new URL(h.baseUrl).port}/live-menu`;
      last.link = dead;
      await route.fulfill({ response, json: body });
    });
    await page.goto(SEARCH);
    await page.getByTestId('result-card').first().waitFor();
    const card = page.getByTestId('result-card').filter({
      has: page.locator(`a[href="${dead}"]`),
    });
    const error = card.getByTestId('result-speed-error');
    await error.waitFor({ timeout: LOADED });
    expect(await error.textContent()).toMatch(/^Error: .*The page answered 500\..*Load PSI/);
    await card.getByRole('button', { name: 'more data' }).click();
    await card.getByRole('tab', { name: 'Lab' }).click();
    const failure = card.getByTestId('result-failure');
    expect(await failure.textContent()).toMatch(
      new RegExp(`^(${SPEED_MESSAGES.lighthouseError}|${SPEED_MESSAGES.psiError}): .+`),
    );
    expect(await failure.textContent()).not.toContain('Still Loading');
    // One retry; when it fails too the link is gone.
    await error.getByRole('button', { name: 'Retry' }).click();
    await card.getByTestId('result-score').waitFor();
    await error.waitFor({ timeout: LOADED });
    expect(await error.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  }, 600_000);

  // Results should look like Google's, which shows at most two results of one host on a
  // page. This holds with the sandbox index's host crowding
  // (server/src/providers/serp/host-crowding.ts).
  it('shows results from at least 7 distinct domains in the top 10', async () => {
    const { page } = await h.newPage();
    await signedIn(page, 1);
    await page.goto(SEARCH);
    await page.getByTestId('result-card').first().waitFor();
    const domains = await page.getByTestId('result-domain').allTextContents();
    expect(domains.length).toBeGreaterThanOrEqual(10);
    expect(new Set(domains.slice(0, 10)).size).toBeGreaterThanOrEqual(7);
    await leave(page);
  });
});
