import { describe, expect, it } from 'vitest';
import { MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { trackPageHref } from '../web/src/app/recent-pages';
import { registerByApi, storeSession } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { startDesktopSample } from './support/speed-test';

const h = useBrowser();
const port = () => new URL(h.baseUrl).port;

describe('website speed test in the browser (real Lighthouse runs)', () => {
  it('runs three samples, shows each score, the averages, the median, the spread and the representative run', async () => {
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
    // Local runs: a failure would say 'Lighthouse error', never 'PSI Error'.
    expect(scores.every((s) => /^\d+$/.test(s) || s === SPEED_MESSAGES.lighthouseError)).toBe(true);
    expect(await average.textContent()).toContain('Desktop PSI scores averaged across');
    expect(await page.getByTestId('score-spread').textContent()).toMatch(
      /^median \d+(\.\d)? · spread \d+–\d+$/,
    );
    const metrics = await page.getByTestId('average-metrics').textContent();
    for (const label of ['FCP', 'LCP', 'TBT', 'SI', 'TTI', 'CLS']) expect(metrics).toContain(label);
    expect(metrics).toMatch(/\d\.\d s/);
    await page.getByTestId('score-chart').waitFor();
    expect(await page.getByTestId('representative-run').textContent()).toMatch(
      /^Representative run: Sample [123]/,
    );
    expect(await page.getByTestId('representative-run').locator('img').count()).toBeGreaterThan(0);
    // No CrUX key on this server: the Field section says a source is needed, not 'no data'.
    await page
      .getByTestId('field-unconfigured')
      .getByText(SPEED_MESSAGES.fieldNeedsSource)
      .waitFor();
    expect(await page.getByTestId('field-no-data').count()).toBe(0);
    // The tested page can be tracked over time; a visitor is asked to sign in for that.
    const track = page.getByTestId('track-this-page');
    expect(await track.getAttribute('href')).toBe(
      trackPageHref(`http://bake-street.sandbox.localhost:${port()}/about`),
    );
    await track.click();
    await page.getByTestId('tracking-signed-out').waitFor();
  }, 200_000);

  it("starts the other device's run when the device is switched", async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await startDesktopSample(page, port(), 'bake-street/faq');
    await page
      .getByTestId('lab-average')
      .getByText('Desktop PSI scores averaged across 1 sample', { exact: true })
      .waitFor({ timeout: 120_000 });
    await page.locator('label[for=device-mobile]').click();
    await page
      .getByTestId('lab-average')
      .getByText('Mobile PSI scores averaged across 1 sample', { exact: true })
      .waitFor({ timeout: 120_000 });
  }, 260_000);

  it('compares a signed-in user’s test with their earlier test of the same page', async () => {
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page, 'compare'));
    await page.goto('/website-speed-test');
    const oneSample = page
      .getByTestId('lab-average')
      .getByText('Desktop PSI scores averaged across 1 sample', { exact: true });
    await startDesktopSample(page, port(), 'bake-street/contact');
    await oneSample.waitFor({ timeout: 120_000 });
    // The first test of a page has nothing to compare with yet, and says so.
    await page.getByTestId('no-earlier-tests').waitFor();
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByTestId('lab-average').waitFor({ state: 'detached' });
    await oneSample.waitFor({ timeout: 120_000 });
    const earlier = page.getByLabel('Earlier test of this page');
    await earlier.waitFor();
    expect(await earlier.locator('option').allTextContents()).toEqual([
      expect.stringMatching(/: median \d+ \(1 sample\)$/),
    ]);
    const comparison = page.getByTestId('test-comparison');
    await comparison.waitFor({ timeout: 30_000 });
    expect(await comparison.getByTestId('comparison-row').count()).toBe(6);
    expect(
      await comparison.locator('table').first().getByRole('columnheader').allTextContents(),
    ).toEqual(['Metric', 'Earlier test', 'This test', 'Difference', 'Significant?']);
    // One sample a side ranks nothing: no p-value, never 'significant'.
    expect(await comparison.getByText('Yes', { exact: true }).count()).toBe(0);
    const filmstrips = comparison.getByTestId('aligned-filmstrips');
    await filmstrips.waitFor();
    expect(await filmstrips.locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'speed test comparison');
  }, 280_000);

  it("shows a page's HTTP error as that sample's 'Lighthouse error', with the reason", async () => {
    // The sandbox has no page that answers 500; any unknown path is its site's 404 page.
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.getByLabel('Test Samples').selectOption('1');
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${port()}/no-such-page`);
    await page.getByRole('button', { name: 'analyze' }).click();
    const row = page.getByTestId('sample-row');
    await row.getByTestId('sample-error').waitFor({ timeout: 120_000 });
    expect(await row.getByTestId('sample-score').textContent()).toBe(
      SPEED_MESSAGES.lighthouseError,
    );
    expect(await row.getByTestId('sample-error').textContent()).toBe('The page answered 404.');
    expect(await row.getByText(SPEED_MESSAGES.lighthouseError).getAttribute('title')).toBe(
      'The page answered 404.',
    );
    await page.getByTestId('no-data').waitFor();
  }, 150_000);

  it("says the URL is not valid for a private address, and gates a visitor's second test", async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.getByLabel('Test Samples').selectOption('1');
    await page.getByPlaceholder('Enter a web page URL').fill('127.0.0.1:22');
    await page.getByRole('button', { name: 'analyze' }).click();
    // The invalid-URL message, and why: the address is one SpeedRank does not fetch.
    const feedback = page.getByTestId('invalid-url');
    await feedback.getByText(SPEED_MESSAGES.invalidUrl).waitFor();
    expect(await feedback.textContent()).toMatch(
      /127\.0\.0\.1 points to a private or local address/,
    );
    // Typing clears the invalid state.
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${port()}/faq`);
    expect(await page.getByText('Please enter a valid url').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByTestId('account-gate').getByText(MESSAGES.createAccountGate).waitFor();
  }, 120_000);
});
