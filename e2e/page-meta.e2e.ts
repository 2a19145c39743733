import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_META } from '@core/page-meta';
import { ROUTES, type RoutePath } from '@core/routes';
import { useBrowser } from './support/browser';

const h = useBrowser();

/** The company name the suite's app runs with (the server's default). */
const SITE = 'SpeedRank';

/** The page's head as it stands, with every element of each kind so that duplicates show. */
const headOf = (page: Page) =>
  page.evaluate(() => {
    const all = (selector: string, attribute: string) =>
      [...document.head.querySelectorAll(selector)].map((e) => e.getAttribute(attribute));
    return {
      title: document.title,
      titles: document.head.querySelectorAll('title').length,
      descriptions: all('meta[name="description"]', 'content'),
      robots: all('meta[name="robots"]', 'content'),
      canonicals: all('link[rel="canonical"]', 'href'),
      ogTitles: all('meta[property="og:title"]', 'content'),
      ogUrls: all('meta[property="og:url"]', 'content'),
    };
  });

/** The head the route's page should have at the suite's app. */
function expectedHead(route: RoutePath, baseUrl: string) {
  const meta = PAGE_META[route];
  const url = `${baseUrl}${meta.canonical ?? route}`;
  return {
    title: `${meta.title} – ${SITE}`,
    titles: 1,
    descriptions: [meta.description],
    robots: meta.noindex ? ['noindex'] : [],
    canonicals: [url],
    ogTitles: [meta.title],
    ogUrls: [url],
  };
}

/** Waits for the app to have set the route's head after a client-side navigation. */
async function expectHeadOf(page: Page, route: RoutePath): Promise<void> {
  await page.waitForURL((url) => url.pathname === route);
  const want = expectedHead(route, h.baseUrl);
  await expect.poll(() => headOf(page)).toEqual(want);
}

describe("each page's title and description", () => {
  it('follow the app from the tools home to two tools and pricing, and back', async () => {
    const { page } = await h.newPage();
    await page.goto(ROUTES.home);
    expect(await headOf(page)).toEqual(expectedHead(ROUTES.home, h.baseUrl));

    await page.getByRole('link', { name: 'Open Website Speed Test' }).click();
    await expectHeadOf(page, ROUTES.speedTest);

    await page.getByRole('link', { name: 'Tools' }).first().click();
    await expectHeadOf(page, ROUTES.home);

    await page.getByRole('link', { name: 'Open SERP Analysis' }).click();
    await expectHeadOf(page, ROUTES.serpAnalysis);

    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expectHeadOf(page, ROUTES.pricing);

    await page.goBack();
    await expectHeadOf(page, ROUTES.serpAnalysis);
  });

  it('leave the not-found page unindexed, and name the page its link leads to', async () => {
    const { page } = await h.newPage();
    await page.goto('/no-such-page');
    const notFound = await headOf(page);
    expect(notFound.title).toBe(`Page not found – ${SITE}`);
    expect(notFound.robots).toEqual(['noindex']);
    expect(notFound.canonicals).toEqual([]);

    await page.getByRole('link', { name: 'Go to the tools' }).click();
    await expectHeadOf(page, ROUTES.home);
  });
});
