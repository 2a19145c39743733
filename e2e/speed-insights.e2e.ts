import { describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('what a speed test says to fix (a real Lighthouse 13 run)', () => {
  it('shows the render-blocking insight with its savings and URLs, graded metrics, timed frames and where the figures come from', async () => {
    const port = Number(new URL(h.baseUrl).port);
    // A page whose head holds a slow stylesheet and script, answered directly.
    const blocked = buildManifest({ port }).pages.find(
      (p) => p.speedProfile === 'render-blocking' && p.status === 200 && p.redirects.length === 0,
    )!;
    const { page } = await h.newPage({ width: 1366, height: 900 });
    await page.goto('/website-speed-test');
    await page.locator('label[for=device-mobile]').click();
    await page.getByLabel('Test Samples').selectOption('1');
    await page.getByPlaceholder('Enter a web page URL').fill(blocked.url);
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByTestId('lab-average').waitFor({ timeout: 150_000 });

    // When and by what: this run, just measured by the server's own Lighthouse.
    const measured = page.getByTestId('measured-at');
    expect(await measured.textContent()).toMatch(
      /^Measured (just now|\d+ minutes? ago) · Lighthouse 13\.\d+\.\d+ in this server's Chromium$/,
    );
    expect(await measured.locator('time').getAttribute('title')).toMatch(/\d{4}/);

    // The insight, failed, with its savings, and the blocking stylesheet and script.
    const insights = page.getByTestId('insights-group');
    const blocking = insights
      .getByTestId('insight')
      .filter({ hasText: 'Render-blocking requests' });
    expect(await blocking.getAttribute('data-state')).toBe('failed');
    // Ours from the metric savings, or Lighthouse's own words ("Est savings of 20 ms") on a
    // run whose estimate saves no FCP or LCP time.
    expect(await blocking.getByTestId('insight-savings').textContent()).toMatch(
      /^Est\.? savings (of )?\d+ ms/,
    );
    await blocking.locator('summary').click();
    const urls = blocking.getByTestId('insight-url');
    await urls.first().waitFor();
    const shown = await urls.allTextContents();
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/blocking-\d+\.css$/),
        expect.stringMatching(/^\/assets\/blocking-\d+\.js$/),
      ]),
    );
    // Each short URL keeps the whole one in its title.
    for (const title of await urls.evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('title') ?? ''),
    )) {
      expect(title.startsWith(new URL(blocked.url).origin)).toBe(true);
    }
    expect(await blocking.getByTestId('insight-item').first().textContent()).toMatch(
      /\d+(\.\d)? KiB\d+ ms$/,
    );
    const learnMore = blocking.getByRole('link').first();
    expect(await learnMore.getAttribute('target')).toBe('_blank');
    expect(await learnMore.getAttribute('rel')).toContain('noopener');

    // The passed ones are folded away under their count; the diagnostics have their own.
    const passed = insights.getByTestId('passed-insights');
    expect(await passed.locator('> summary').textContent()).toMatch(/^Passed insights \(\d+\)$/);
    expect(await passed.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await passed.getByTestId('insight').first().isVisible()).toBe(false);
    await page
      .getByTestId('diagnostics-group')
      .getByRole('heading', { name: 'Diagnostics' })
      .waitFor();

    // Each metric in its band's colour, LCP's thresholds in a tooltip.
    const metrics = page.getByTestId('average-metrics');
    for (const value of await metrics.getByTestId('metric-value').all()) {
      const band = await value.getAttribute('data-band');
      expect(['pass', 'average', 'fail']).toContain(band);
      expect(await value.getAttribute('class')).toContain(`sr-${band}`);
    }
    const lcp = metrics.locator('.col', { hasText: 'LCP' }).getByTestId('hint');
    await lcp.hover();
    expect(await page.getByRole('tooltip').textContent()).toBe(
      'LCP — good ≤ 2.5 s, poor > 4.0 s (Lighthouse mobile scoring)',
    );

    // The representative run's frames, each under its time.
    const frames = page.getByTestId('representative-run');
    const times = await frames.locator('figcaption').allTextContents();
    expect(times.length).toBe(await frames.locator('img').count());
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(/^\d+\.\d s$/);
    await expectAccessible(page, 'speed test insights, one open, a tooltip shown');

    // On a phone the insight's table fits the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await blocking.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }, 200_000);
});
