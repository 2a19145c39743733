import { describe, expect, it } from 'vitest';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe("SERP analysis cards' SEO verdicts", () => {
  it('adds Lighthouse SEO verdicts to each card when the person opts in, and remembers it', async () => {
    const { page, context } = await h.newPage();
    const auth = await registerByApi(page, 'serp-seo');
    await storeSession(page, auth);
    await page.goto('/serp-analysis-tool');
    const optIn = page.getByLabel('SEO verdicts in each card');
    // Off by default: a card's run stays as short as it was.
    expect(await optIn.isChecked()).toBe(false);
    await optIn.check();
    await page.getByLabel('Search term').fill('lemon sorbet');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByTestId('result-card').first();
    await card.getByRole('button', { name: 'more data' }).click();
    const verdicts = card.getByTestId('seo-verdicts');
    await verdicts.getByTestId('seo-verdict').first().waitFor({ timeout: 120_000 });
    // The sandbox answers every site with X-Robots-Tag: noindex: blocked from indexing.
    const crawlable = verdicts.locator('[data-audit="is-crawlable"]');
    expect(await crawlable.getAttribute('data-outcome')).toBe('failed');
    expect(await crawlable.textContent()).toContain('x-robots-tag: noindex');
    expect(await verdicts.textContent()).toMatch(/Meta description: (Passed|Failed)/);
    await page.screenshot({ path: '/tmp/serp-seo-verdicts.png', fullPage: true });

    // Remembered in the settings: the next visit starts opted in.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${h.baseUrl}/backend-service/v1/settings`, {
          headers: { authorization: `Bearer ${auth.token}` },
        });
        return ((await res.json()) as { lighthouseCategories: { serpCards: string[] } })
          .lighthouseCategories.serpCards;
      })
      .toEqual(['seo']);
    await context.close();
  }, 180_000);
});
