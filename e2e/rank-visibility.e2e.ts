import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { percentText } from '@core/number-text';
import { ROUTES } from '@core/routes';
import { competitorsFoundSchema, rankVisibilitySchema } from '@core/schemas/rank-visibility';
import { storeSession } from './support/accounts';
import { checkedSandboxKeywords } from './support/checked-keywords';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';

const h = useBrowser();

/** The sandbox keywords checked once, with their visibility and competitors found. */
async function checkedKeywords(page: Page, prefix: string) {
  const { auth, get } = await checkedSandboxKeywords(page, h.baseUrl, prefix);
  return {
    auth,
    visibility: rankVisibilitySchema.parse(await get('/rank-tracking/visibility?days=7')),
    found: competitorsFoundSchema.parse(await get('/rank-tracking/competitors-found')),
  };
}

describe('rank visibility and competitors found', () => {
  it("draws the domain's and competitor's visibility, names the curve, and follows a competitor", async () => {
    const { page } = await h.newPage();
    const { auth, visibility, found } = await checkedKeywords(page, 'visibility');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.rankTracking, false);
    await page.getByTestId('rank-visibility-tab').click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'visibility');
    await page.getByTestId('rank-visibility-chart').waitFor();
    expect(await page.getByTestId('rank-visibility-source').textContent()).toContain('Backlinko');
    const latest = visibility.points.at(-1)!.figures!;
    const rows = page.getByTestId('rank-visibility-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const figure of latest) {
      const cell = page.locator(
        `[data-testid=rank-visibility-row][data-domain="${figure.domain}"] [data-testid=rank-visibility-value]`,
      );
      expect(await cell.textContent()).toBe(percentText(figure.visibility));
    }
    // No volume source on the defaults: traffic is '-', with why.
    expect(await rows.first().locator('td').last().textContent()).toBe('-');

    const competitors = page.getByTestId('rank-competitor-found');
    await expect.poll(() => competitors.count()).toBe(found.found.length);
    await page.screenshot({ path: '/tmp/shots/rank-visibility-1366.png', fullPage: true });
    const follow = page.getByTestId('rank-follow-competitor').first();
    const domain = await follow.locator('xpath=ancestor::tr/td[1]').textContent();
    await follow.click();
    await page.getByTestId('rank-follow-result').getByText('Added to 2 keywords').waitFor();
    await page
      .getByTestId('rank-competitor-found')
      .filter({ hasText: domain! })
      .getByText('Following')
      .waitFor();
  }, 120_000);

  it('on a phone (390 px), the visibility view is no wider than the screen', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const { auth } = await checkedKeywords(page, 'visibility-phone');
    await storeSession(page, auth);
    await page.goto(`${ROUTES.rankTracking}?view=visibility`);
    await page.getByTestId('rank-visibility-chart').waitFor();
    await page.getByTestId('rank-competitor-found').first().waitFor();
    await page.screenshot({ path: '/tmp/shots/rank-visibility-390.png', fullPage: true });
    const found = await horizontalOverflow(page, 'rank visibility');
    expect(found, found.join('\n')).toEqual([]);
  }, 120_000);
});
