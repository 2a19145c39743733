import { describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { expectAccessible } from './support/axe';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';

const h = useBrowser();

describe("a speed test's Lighthouse categories beside performance", () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    it(`shows each category's score and its failed audits with their elements at ${width} px`, async () => {
      const port = Number(new URL(h.baseUrl).port);
      const lab = buildManifest({ port }).lighthouseLab;
      const faulty = lab.faultyUrls.find((url) => url.includes('describing-images'))!;
      const { page, context } = await h.newPage({ width, height });
      await page.goto('/website-speed-test');
      // Every category is chosen by default for a single test.
      for (const name of ['Accessibility', 'Best Practices', 'SEO', 'Agentic Browsing'])
        expect(await page.getByLabel(name).isChecked()).toBe(true);
      await page.getByLabel('Agentic Browsing').uncheck();
      await page.getByLabel('Test Samples').selectOption('1');
      await page.getByPlaceholder('Enter a web page URL').fill(faulty);
      await page.getByRole('button', { name: 'analyze' }).click();
      const report = page.getByTestId('category-report');
      await report.waitFor({ timeout: 60_000 });

      // A tab per chosen category with its gauge; none for the one left out.
      const tabs = report.getByRole('tab');
      expect(await tabs.allTextContents()).toEqual([
        expect.stringMatching(/^\d+Accessibility$/),
        expect.stringMatching(/^\d+Best Practices$/),
        expect.stringMatching(/^\d+SEO$/),
      ]);
      expect(await report.getByTestId('category-tab-agentic-browsing').count()).toBe(0);
      expect(
        await report.getByTestId('category-score-accessibility').getAttribute('aria-label'),
      ).toMatch(/^\d+ out of 100$/);

      // Accessibility first: the failed audits with the element each flags, the rest folded.
      const failed = report.getByTestId('failed-audits').getByTestId('category-audit');
      expect(await failed.getByTestId('category-audit-title').allTextContents()).toEqual(
        expect.arrayContaining(['Image elements do not have [alt] attributes']),
      );
      const imageAlt = failed.filter({ hasText: 'Image elements do not have' });
      await imageAlt.locator('summary').click();
      expect(await imageAlt.getByTestId('insight-items').textContent()).toContain(
        'img#storefront-photo',
      );

      // Best practices: nothing failed on this page, and it says so; the passed are folded.
      await report.getByTestId('category-tab-best-practices').click();
      await report.getByTestId('no-failed-audits').waitFor();
      expect(
        await report.getByTestId('category-tab-best-practices').getAttribute('aria-selected'),
      ).toBe('true');
      const passed = report.getByTestId('audits-passed');
      expect(await passed.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await passed.locator('> summary').textContent()).toMatch(/^Passed audits \(\d+\)$/);

      expect(await horizontalOverflow(page, `speed test at ${width} px`)).toEqual([]);
      await expectAccessible(page, `speed test categories at ${width} px`);
      await page.screenshot({ path: `/tmp/speed-test-categories-${width}.png`, fullPage: true });
      await context.close();
    }, 90_000);
  }

  it("remembers a signed-in user's choice in their settings, on another device too", async () => {
    const { page, context } = await h.newPage();
    const auth = await registerByApi(page, 'categories');
    await storeSession(page, auth);
    await page.goto('/website-speed-test');
    await page.getByLabel('SEO').uncheck();
    await expect
      .poll(async () => {
        const res = await page.request.get(`${h.baseUrl}/backend-service/v1/settings`, {
          headers: { authorization: `Bearer ${auth.token}` },
        });
        return ((await res.json()) as { lighthouseCategories: { speedTest: string[] } })
          .lighthouseCategories.speedTest;
      })
      .toEqual(['accessibility', 'best-practices', 'agentic-browsing']);
    await context.close();

    // A fresh browser (nothing stored) takes the choice from the server at sign-in.
    const other = await h.newPage();
    await storeSession(other.page, auth);
    await other.page.goto('/website-speed-test');
    await expect.poll(() => other.page.getByLabel('SEO').isChecked()).toBe(false);
    expect(await other.page.getByLabel('Accessibility').isChecked()).toBe(true);
    await other.context.close();
  }, 60_000);
});
