import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { rankKeywordListSchema } from '@core/schemas/rank-tracking';
import { rankCheckResponseSchema, serpSearchResponseSchema } from '@core/schemas/serp';
import { ownsFeature, SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';

const h = useBrowser();
const api = (path: string) => `${h.baseUrl}/backend-service/v1${path}`;
const TERM = 'ice cream flavors';

/** A site the sandbox index ranks for the term, and where the SERP checker finds it. */
async function rankedSite(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const serp = serpSearchResponseSchema.parse(
    await (
      await page.request.post(api('/serp-search'), { data: { searchTerm: TERM }, headers })
    ).json(),
  );
  const organic = serp.answer_box ? serp.organic_results.slice(1) : serp.organic_results;
  const domain = organic[2]!.domain;
  const check = rankCheckResponseSchema.parse(
    await (
      await page.request.post(api('/rank-check'), {
        data: { searchTerm: TERM, url: domain, device: 2, gl: 'us', hl: 'en' },
        headers,
      })
    ).json(),
  );
  return { domain, position: check.position };
}

const row = (page: Page, keyword: string) =>
  page.locator(`[data-testid=rank-keyword][data-keyword="${keyword}"]`);

describe('rank tracking', () => {
  it('tells a visitor to sign in', async () => {
    const { page } = await h.newPage();
    await page.goto(ROUTES.rankTracking);
    await page.getByTestId('rank-signed-out').getByText(RANK_TRACKING_MESSAGES.signedOut).waitFor();
  }, 60_000);

  it('bulk adds three keywords, checks one now, and shows its position, source and chart', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'rank');
    const { domain, position } = await rankedSite(page, auth.token);
    expect(position).not.toBe('N/A');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.rankTracking, false);

    await page.getByTestId('rank-empty').waitFor();
    await page.getByTestId('rank-add-open').click();
    await page.getByTestId('rank-bulk-tab').click();
    const form = page.getByTestId('rank-add-bulk');
    await form.getByLabel('Keywords, one a line').fill(`${TERM}\ndog food\n\nsourdough bread\n`);
    await form.getByLabel('Your domain').fill(`https://www.${domain}/`);
    await form.getByLabel('Device').selectOption('desktop');
    await form.getByLabel('Country').selectOption('us');
    await form.getByLabel('Tags').fill('sweet, e2e');
    await form.getByRole('button', { name: 'Track these keywords' }).click();

    await expect.poll(() => page.getByTestId('rank-keyword').count()).toBe(3);
    await page
      .getByTestId('rank-keyword-count')
      .getByText(/^3 of /)
      .waitFor();
    // Nothing is checked yet: no position is claimed.
    expect(await row(page, TERM).getByTestId('rank-position').getAttribute('data-state')).toBe(
      'never',
    );

    await row(page, TERM).getByTestId('rank-check-now').click();
    const ranked = row(page, TERM).locator('[data-testid=rank-position][data-state=ranked]');
    await ranked.waitFor({ timeout: 30_000 });
    expect(await ranked.textContent()).toBe(String(position));
    expect(await row(page, TERM).getByTestId('rank-source').textContent()).toContain(
      'sandbox index',
    );
    await page.getByTestId('rank-sandbox').getByText(RANK_TRACKING_MESSAGES.sandbox).waitFor();
    // The other keywords were not checked by this one's button.
    expect(
      await row(page, 'dog food').getByTestId('rank-position').getAttribute('data-state'),
    ).toBe('never');

    // The SERP features column shows what the check stored, the domain's own filled.
    const listed = rankKeywordListSchema.parse(
      await (
        await page.request.get(api('/rank-tracking/keywords'), {
          headers: { authorization: `Bearer ${auth.token}` },
        })
      ).json(),
    );
    const stored = listed.keywords.find((k) => k.keyword === TERM)!.latest!.features!;
    expect(stored.length).toBeGreaterThan(0);
    const badges = row(page, TERM).getByTestId('serp-feature');
    await expect.poll(() => badges.count()).toBe(stored.length);
    for (const [i, feature] of stored.entries()) {
      expect(await badges.nth(i).getAttribute('data-kind')).toBe(feature.kind);
      expect(await badges.nth(i).getAttribute('data-owned')).toBe(
        String(ownsFeature(feature, domain)),
      );
    }
    expect(await badges.first().getAttribute('title')).toContain(
      SERP_FEATURE_NAMES[stored[0]!.kind],
    );
    await page.screenshot({ path: '/tmp/shots/rank-features-1366.png', fullPage: true });
    // Unchecked keywords know no features: '-', and a feature filter leaves them out.
    await row(page, 'dog food').getByTestId('serp-features-unknown').waitFor();
    await page.getByLabel('SERP feature').selectOption(stored[0]!.kind);
    await expect.poll(() => page.getByTestId('rank-keyword').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('feature')).toBe(stored[0]!.kind);
    await page.getByLabel('SERP feature').selectOption('');

    // The filters live in the address: no keyword is tracked on mobile, all three carry the tag.
    await page.getByLabel('Device').selectOption('mobile');
    await page.getByTestId('rank-none-match').waitFor();
    expect(new URL(page.url()).searchParams.get('device')).toBe('mobile');
    await page.getByLabel('Device').selectOption('');
    await page.getByLabel('Tag').selectOption('sweet');
    await page.waitForURL(
      (url) => url.searchParams.get('tag') === 'sweet' && !url.searchParams.has('device'),
    );
    await expect.poll(() => page.getByTestId('rank-keyword').count()).toBe(3);

    await row(page, TERM).getByTestId('rank-keyword-link').click();
    await page.waitForURL((url) => url.searchParams.has('id'));
    await page.getByTestId('rank-detail-keyword').getByText(TERM).waitFor();
    await page.getByTestId('rank-history-chart').waitFor();
    const history = page.getByTestId('rank-history-row');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().getAttribute('data-state')).toBe('ranked');
    expect(await history.first().getByTestId('rank-position').textContent()).toBe(String(position));
    expect(await page.getByTestId('rank-history-chart').getAttribute('aria-label')).toContain(
      `latest ${position}`,
    );
    expect(await history.first().getByTestId('serp-feature').count()).toBe(stored.length);
    const owners = page.getByTestId('rank-feature-owners');
    await owners.waitFor();
    await page.screenshot({ path: '/tmp/shots/rank-history-features-1366.png', fullPage: true });
    expect(await owners.locator('tbody tr').count()).toBe(stored.length);
  }, 120_000);

  it("fills the add form from the SERP checker's track link", async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'rank-link');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.serpChecker, false);
    await page.getByLabel('Search term').fill(TERM);
    await page.getByLabel('Your site').fill('https://www.example.org/');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('rank-result').waitFor();
    await page.getByTestId('rank-track-link').click();

    await page.waitForURL((url) => url.pathname === ROUTES.rankTracking);
    const form = page.getByTestId('rank-add-one');
    await form.waitFor();
    expect(await form.getByLabel('Keyword').inputValue()).toBe(TERM);
    expect(await form.getByLabel('Your domain').inputValue()).toBe('example.org');
    // The form read the search once; the address no longer carries it.
    await page.waitForURL((url) => !url.searchParams.has('keyword'));
  }, 60_000);

  it('on a phone (390 px), the list and a history are no wider than the screen', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const auth = await registerByApi(page, 'rank-phone');
    const headers = { authorization: `Bearer ${auth.token}` };
    const added = await page.request.post(api('/rank-tracking/keywords/bulk'), {
      headers,
      data: {
        keywords: ['a rather long keyword about ice cream flavors', 'dog food'].map((keyword) => ({
          keyword,
          domain: 'a-rather-long-domain-name.example.org',
          device: 'mobile',
          country: 'de',
          location: 'Berlin,Germany',
          competitors: ['rival.example.com'],
          tags: ['phone'],
        })),
      },
    });
    expect(added.ok()).toBe(true);
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.rankTracking, false);
    await expect.poll(() => page.getByTestId('rank-keyword').count()).toBe(2);
    await row(page, 'dog food').getByTestId('rank-check-now').click();
    await row(page, 'dog food')
      .locator('[data-testid=rank-position]:not([data-state=never])')
      .waitFor({
        timeout: 30_000,
      });
    await row(page, 'dog food').getByTestId('serp-feature').first().waitFor();
    await page.screenshot({ path: '/tmp/shots/rank-features-390.png', fullPage: true });
    const found = await horizontalOverflow(page, 'rank list');
    await row(page, 'dog food').getByTestId('rank-keyword-link').click();
    await page.getByTestId('rank-history-row').first().waitFor();
    await page.screenshot({ path: '/tmp/shots/rank-history-390.png', fullPage: true });
    found.push(...(await horizontalOverflow(page, 'rank history')));
    expect(found, found.join('\n')).toEqual([]);
  }, 120_000);
});
