import { describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { useBrowser } from './support/browser';
import { runNowAndWait, signUpOn, trackThroughForm } from './support/tracking';

const h = useBrowser();

describe("a tracked page's Lighthouse categories", () => {
  it('tracks the chosen categories and a budgeted one, scores each check, and breaks the budget', async () => {
    const { page, context } = await h.newPage({ width: 1366, height: 900 });
    await signUpOn(page, h.baseUrl, 'tracked-categories');
    const port = Number(new URL(h.baseUrl).port);
    const faulty = buildManifest({ port }).lighthouseLab.faultyUrls.find((url) =>
      url.includes('describing-images'),
    )!;
    await trackThroughForm(page, faulty, async (form) => {
      const categories = form.getByTestId('tracked-categories');
      // Off by default for tracked pages: their checks stay as short as they were.
      for (const name of ['Accessibility', 'Best Practices', 'SEO', 'Agentic Browsing'])
        expect(await categories.getByLabel(name).isChecked()).toBe(false);
      await categories.getByLabel('Accessibility').check();
      await form.getByLabel('SEO score at least').fill('95');
      await form.getByLabel('Accessibility score at least').fill('90');
    });
    await runNowAndWait(page, 1);

    // A column per category measured: accessibility tracked, SEO for its budget.
    const table = page.getByTestId('history-table');
    expect(await table.getByTestId(/^category-head-/).allTextContents()).toEqual(['A11y', 'SEO']);
    const row = table.getByTestId('history-row').first();
    // The stand-in lab scores what the manifest plants here: no alt, low contrast.
    expect(await row.getByTestId('category-score-accessibility').textContent()).toBe('84');
    expect(await row.getByTestId('category-score-seo').textContent()).toBe('100');
    expect(await row.getByText('Regression').count()).toBe(1);
    await page.screenshot({ path: '/tmp/tracking-categories.png', fullPage: true });

    // The form remembers the page's own choice when edited.
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const form = page.getByTestId('tracked-page-form');
    await form.getByTestId('tracked-categories').waitFor();
    await form.screenshot({ path: '/tmp/tracking-categories-form.png' });
    expect(
      await form.getByTestId('tracked-categories').getByLabel('Accessibility').isChecked(),
    ).toBe(true);
    await context.close();
  }, 180_000);
});
