import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERP_MESSAGES } from '@core/messages';
import { usageSerpResponseSchema } from '@core/schemas/auth';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();
/** A page's speed sample, which the lab may take a while to finish on a busy machine. */
const MEASURED = 240_000;

/** A signed-in user on the free plan: searches count against a month of ten. */
async function signedIn(page: Page): Promise<void> {
  await storeSession(page, await registerByApi(page, 'serp-journeys'));
}

/** The searches the page's user has left this month, as the server counts them. */
async function searchesLeft(page: Page): Promise<number> {
  // The app replaces the session's token when it loads: the stored one is current.
  const { token } = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!) as { token: string },
    STORAGE_KEYS.session,
  );
  const response = await page.request.get(
    `${h.baseUrl}/backend-service/v1/usage/serp-analysis-tool`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return usageSerpResponseSchema.parse(await response.json()).numOfSerpLeft ?? 0;
}

/** The result links of the cards on screen, in order. */
const cardLinks = (page: Page) =>
  page
    .getByTestId('result-card')
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** Searches the page sends from now on, and the pages whose speed it starts measuring. */
function watchRequests(page: Page) {
  const seen = { searches: 0, measured: [] as string[] };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/serp-search')) seen.searches++;
    if (path.endsWith('/pagespeed/runs'))
      seen.measured.push((request.postDataJSON() as { url: string }).url);
  });
  return seen;
}

async function search(page: Page, term: string) {
  await page.getByLabel('Search term').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('result-card').first().waitFor();
}

describe('SERP analysis journeys', () => {
  it('shows the same results again on Back, without searching or measuring again', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    await page.goto('/serp-analysis-tool');
    await search(page, 'dog food');
    // The address names the search, so Back and a reload come back to it.
    expect(new URL(page.url()).searchParams.get('searchTerm')).toBe('dog food');
    const links = await cardLinks(page);
    expect(links.length).toBeGreaterThanOrEqual(10);
    await page.getByTestId('result-gauge').first().waitFor({ timeout: MEASURED });
    const measured = await page
      .getByTestId('result-card')
      .filter({ has: page.getByTestId('result-gauge') })
      .getByRole('heading')
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    const left = await searchesLeft(page);
    expect(left).toBe(9);

    const seen = watchRequests(page);
    await page.getByTestId('header').getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/serp-analysis-tool');

    // At once: no spinner in between, the same cards and the scores already measured.
    await page.getByTestId('result-card').first().waitFor({ timeout: 2_000 });
    expect(await page.getByRole('status', { name: 'Searching' }).count()).toBe(0);
    expect(await cardLinks(page)).toEqual(links);
    expect(await page.getByLabel('Search term').inputValue()).toBe('dog food');
    expect(
      await page
        .getByTestId('result-card')
        .filter({ has: page.getByTestId('result-gauge') })
        .count(),
    ).toBeGreaterThanOrEqual(measured.length);
    await page.waitForTimeout(1_000);
    expect(seen.searches).toBe(0);
    expect(seen.measured.filter((url) => measured.includes(url))).toEqual([]);
    expect(await searchesLeft(page)).toBe(left);
  }, 300_000);

  it('opens shared results without a search of the recipient, and searches afresh on request', async () => {
    const sharer = await h.newPage();
    await signedIn(sharer.page);
    await sharer.page.goto('/serp-analysis-tool');
    await search(sharer.page, 'coffee grinders');
    const links = await cardLinks(sharer.page);
    await sharer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await sharer.page.getByTestId('share-link').click();
    const shareLink = await sharer.page.evaluate(() => navigator.clipboard.readText());
    expect(shareLink).toMatch(/\?searchTerm=coffee%20grinders&share=[0-9a-f-]{36}$/);

    const { page } = await h.newPage();
    await signedIn(page);
    const left = await searchesLeft(page);
    const seen = watchRequests(page);
    await page.goto(shareLink);
    await page.getByTestId('result-card').first().waitFor();
    expect(await cardLinks(page)).toEqual(links);
    expect(await page.getByTestId('shared-results').textContent()).toMatch(
      /^Shared results, searched (just now|1 minute ago)\. Opening them used none of your searches\./,
    );
    expect(await page.getByLabel('Search term').inputValue()).toBe('coffee grinders');
    expect(seen.searches).toBe(0);
    expect(await searchesLeft(page)).toBe(left);

    // Searching afresh is a search like any other, and counts as one.
    await page
      .getByTestId('shared-results')
      .getByRole('button', { name: SERP_MESSAGES.searchAfresh })
      .click();
    await page.getByTestId('shared-results').waitFor({ state: 'detached' });
    await page.getByTestId('result-card').first().waitFor();
    expect(seen.searches).toBe(1);
    expect(new URL(page.url()).searchParams.get('share')).toBeNull();
    await expect.poll(() => searchesLeft(page)).toBe(left - 1);

    // A link whose results are unknown or gone says so, and offers the search.
    await page.goto(
      `/serp-analysis-tool?searchTerm=coffee%20grinders&share=${crypto.randomUUID()}`,
    );
    const failure = page.getByTestId('shared-failure');
    await failure.getByText(SERP_MESSAGES.shareNotFound).waitFor();
    expect(await page.getByTestId('result-card').count()).toBe(0);
    expect(await searchesLeft(page)).toBe(left - 1);
  }, 120_000);

  it('explains the tool and ranking factors below it before any search, in the prerendered page', async () => {
    const { page } = await h.newPage({ javaScript: false });
    await page.goto('/serp-analysis-tool');
    const guide = page.getByTestId('serp-guide');
    for (const heading of [
      'How to read a SERP analysis',
      'Content analysis',
      'Speed analysis',
      'Schema analysis',
      'SERP simulation',
      'Ranking factors: frequently asked questions',
      'Is site speed a major ranking factor?',
    ]) {
      await guide.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    expect(await guide.getByRole('heading', { level: 2 }).count()).toBe(2);
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(4_000);
  });
});
