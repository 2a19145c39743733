import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('sandbox web in Chromium', () => {
  it('resolves sandbox host names to the app and serves distinct sites', async () => {
    const { page } = await h.newPage();
    const port = new URL(h.baseUrl).port;
    const directory = await page.goto(`http://sandbox.localhost:${port}/`);
    expect(directory?.status()).toBe(200);
    const links = await page
      .locator('a[href*=".sandbox.localhost"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThanOrEqual(40);
    const site = await page.goto(`http://scoops.sandbox.localhost:${port}/`);
    expect(site?.status()).toBe(200);
    expect(await page.title()).not.toBe('SpeedRank');
    expect(new URL(page.url()).hostname).toBe('scoops.sandbox.localhost');
  });
});
