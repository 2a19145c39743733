import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/messages';
import { useBrowser } from './support/browser';

const h = useBrowser();
const port = () => new URL(h.baseUrl).port;

describe('website speed test in the browser (real Lighthouse runs)', () => {
  it('runs three samples, shows each score, the averages, the median and the spread', async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.locator('label[for=device-desktop]').click();
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${port()}/about`);
    await page.getByRole('button', { name: 'analyze' }).click();
    await expect.poll(() => page.getByTestId('sample-row').count()).toBe(3);
    const average = page.getByTestId('lab-average');
    await average.waitFor({ timeout: 150_000 });
    const scores = await page.getByTestId('sample-score').allTextContents();
    expect(scores.every((s) => /^\d+$/.test(s) || s === 'PSI Error')).toBe(true);
    expect(await average.textContent()).toContain('Desktop PSI scores averaged across');
    expect(await page.getByTestId('score-spread').textContent()).toMatch(
      /^median \d+(\.\d)? · spread \d+–\d+$/,
    );
    const metrics = await page.getByTestId('average-metrics').textContent();
    for (const label of ['FCP', 'LCP', 'TBT', 'SI', 'TTI', 'CLS']) expect(metrics).toContain(label);
    expect(metrics).toMatch(/\d\.\d s/);
    await page.getByTestId('score-chart').waitFor();
    await page
      .getByTestId('field-no-data')
      .getByText('The origin does not have enough real user data for this report')
      .waitFor();
  }, 200_000);

  it("starts the other device's run when the device is switched", async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.locator('label[for=device-desktop]').click();
    await page.getByLabel('Test Samples').selectOption('1');
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${port()}/faq`);
    await page.getByRole('button', { name: 'analyze' }).click();
    await page
      .getByTestId('lab-average')
      .getByText('Desktop PSI scores averaged across 1 samples')
      .waitFor({ timeout: 120_000 });
    await page.locator('label[for=device-mobile]').click();
    await page
      .getByTestId('lab-average')
      .getByText('Mobile PSI scores averaged across 1 samples')
      .waitFor({ timeout: 120_000 });
  }, 260_000);

  it("says the URL is not valid for a private address, and gates a visitor's second test", async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.getByLabel('Test Samples').selectOption('1');
    await page.getByPlaceholder('Enter a web page URL').fill('127.0.0.1:22');
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByText('Please enter a valid url').waitFor();
    // Typing clears the invalid state.
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${port()}/faq`);
    expect(await page.getByText('Please enter a valid url').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByTestId('account-gate').getByText(MESSAGES.createAccountGate).waitFor();
  }, 120_000);
});
