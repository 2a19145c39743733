import { describe, expect, it } from 'vitest';
import { buildManifest } from '../server/src/sandbox/manifest';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('SERP analysis', () => {
  it('shows a card per result with the true word count, page facts and a measured score, then gates the visitor', async () => {
    const { page } = await h.newPage();
    const manifest = buildManifest({ port: Number(new URL(h.baseUrl).port) });
    const truth = new Map(manifest.pages.map((p) => [p.url, p]));

    await page.goto('/serp-analysis-tool?searchTerm=lemon%20sorbet');
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(10);
    await page.getByTestId('serp-source').getByText('from the sandbox index').waitFor();

    // Page facts: every card's word count is the manifest's count for its URL.
    await page
      .getByTestId('result-words')
      .filter({ hasText: '…' })
      .first()
      .waitFor({ state: 'detached', timeout: 30_000 });
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const link = await card.getByRole('heading').getByRole('link').getAttribute('href');
      const entry = truth.get(link!);
      expect(entry, link!).toBeDefined();
      expect(await card.getByTestId('result-words').textContent(), link!).toBe(
        `Word count: ${entry!.wordCount}`,
      );
    }

    // The first card's details: its title tag and its HTTP status.
    const first = cards.first();
    const link = await first.getByRole('heading').getByRole('link').getAttribute('href');
    await first.getByRole('button', { name: 'more data' }).click();
    const content = first.getByTestId('result-content');
    const title = truth.get(link!)?.title;
    await content.getByText(title ?? 'site has no title', { exact: true }).waitFor();
    await first.getByRole('tab', { name: 'Tech' }).click();
    await first.getByTestId('result-tech').getByText('200').first().waitFor();
    // Speed: every card ends with a Lighthouse score or its error line.
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: 240_000 });
    const scores = await page.getByTestId('result-score').locator('strong').allTextContents();
    expect(scores.length).toBeGreaterThan(0);
    for (const score of scores) expect(Number(score)).toBeGreaterThanOrEqual(0);
    expect(await page.getByTestId('stats-psi').textContent()).toMatch(/^\d+\.\d$/);

    // A visitor meets the account gate 30 s after the first search.
    await page.getByRole('dialog', { name: 'Create an account' }).waitFor({ timeout: 35_000 });
  }, 300_000);

  it('says a search term that looks like a URL is one, and suggests a site: search', async () => {
    const { page } = await h.newPage();
    await page.goto('/serp-analysis-tool');
    await page.getByPlaceholder('Enter Google search term').fill('www.example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByTestId('url-alert');
    await alert.waitFor();
    expect(await alert.getByRole('link').getAttribute('href')).toBe(
      '/serp-analysis-tool?searchTerm=site%3Awww.example.com',
    );
  });
});
