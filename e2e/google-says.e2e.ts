import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const h = useBrowser();

/** The live search is answered locally: the test stays offline and the tab still opens. */
const answerLiveSearch = (context: BrowserContext) =>
  context.route('https://x.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>live search</title>' }),
  );

describe('Google Says', () => {
  it('is reached from /tweetjar and shows six sources with bundled images', async () => {
    const { page } = await h.newPage();
    await page.goto('/tweetjar');
    await page.getByRole('link', { name: 'Open Google Says' }).click();
    await page.waitForURL('**/tweetjar/googlesays');
    const crumbs = page.locator('.breadcrumb');
    expect((await crumbs.innerText()).replace(/\s+/g, ' ')).toMatch(/^Tools\s*\/?\s*Google Says$/);
    const cards = page.getByTestId('google-says-source');
    expect(await cards.count()).toBe(6);
    const images = await cards
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({ loaded: img.naturalWidth > 0, src: img.src })),
      );
    for (const image of images) {
      expect(image.loaded, image.src).toBe(true);
      expect(image.src.startsWith(h.baseUrl) || image.src.startsWith('data:image/svg+xml')).toBe(
        true,
      );
    }
  });

  it('opens the live search for two sources and the custom topic, which wins', async () => {
    const { page, context } = await h.newPage();
    await answerLiveSearch(context);
    await page.goto('/tweetjar/googlesays');
    const search = page.getByRole('button', { name: 'search on twitter' });

    // A topic alone is not enough: at least one source is needed.
    await page.getByRole('button', { name: 'Preset topic' }).click();
    await page.getByLabel('Search preset topic').fill('rank');
    await page.getByRole('option', { name: 'ranking' }).click();
    expect(await search.isDisabled()).toBe(true);

    const liaison = page.getByTestId('google-says-source').filter({ hasText: '@searchliaison' });
    const john = page.getByTestId('google-says-source').filter({ hasText: '@JohnMu' });
    await john.click();
    await liaison.click();
    expect(await john.getAttribute('aria-pressed')).toBe('true');
    expect(await liaison.getAttribute('aria-pressed')).toBe('true');
    expect(await search.isEnabled()).toBe(true);

    await page.getByLabel('Or your own topic').fill('core web vitals & INP');
    const [popup] = await Promise.all([context.waitForEvent('page'), search.click()]);
    await popup.waitForURL((url) => url.hostname === 'x.com');
    // Sources come in card order, whatever order they were picked in.
    const expected =
      'https://x.com/search?q=core%20web%20vitals%20%26%20INP%20(from%3Asearchliaison%20OR%20from%3AJohnMu)&f=live';
    expect(popup.url()).toBe(expected);
    expect(new URL(popup.url()).searchParams.get('q')).toBe(
      'core web vitals & INP (from:searchliaison OR from:JohnMu)',
    );
    // noopener: the new tab cannot reach back into SpeedRank.
    expect(await popup.evaluate(() => window.opener)).toBeNull();

    // Un-choosing both sources disables the search again.
    await john.click();
    await liaison.click();
    expect(await john.getAttribute('aria-pressed')).toBe('false');
    expect(await search.isDisabled()).toBe(true);
  });

  it('wraps the cards on a phone without sideways scrolling', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/tweetjar/googlesays');
    // The screen's chunk may still be on its way when the page has loaded.
    await page.getByTestId('google-says-source').first().waitFor();
    const boxes = await page
      .getByTestId('google-says-source')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
    expect(boxes[0]).toBe(boxes[1]);
    expect(boxes[2]).toBeGreaterThan(boxes[1]!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
