import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES, SERP_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { authResponseSchema } from '@core/schemas/auth';
import { sessionFromAuth } from '@core/schemas/session';
import { EXPORT_FILE_NAME, EXPORT_HEADERS } from '@core/serp-export';
import { buildManifest } from '@sandbox';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, storeSession } from './support/accounts';
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
    // When the results were found, and whether they were kept from an earlier search.
    expect(await page.getByTestId('serp-source').textContent()).toMatch(
      /results from the sandbox index, (cached, )?found (just now|\d+ minutes? ago); speed from/,
    );
    await page.getByTestId('export-csv').click();
    await page.getByTestId('serp-notice').getByText(MESSAGES.exportNotReadyFree).waitFor();

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

    // A schema-type filter keeps the cards that have the type, as many as the button says.
    const typeButton = page.getByTestId('serp-stats').getByRole('button', { name: /\(\d+\)$/ });
    const label = (await typeButton.first().textContent())!;
    const expected = Number(/\((\d+)\)$/.exec(label)![1]);
    await typeButton.first().click();
    await page.getByTestId('stats-filters').getByText('You have 1 filter(s) applied').waitFor();
    expect(await cards.count()).toBe(expected);
    await page.getByTestId('stats-filters').getByRole('button', { name: 'clear' }).click();
    await expect.poll(() => cards.count()).toBe(count);

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
    // The export notice held only while cards were loading.
    expect(await page.getByTestId('serp-notice').count()).toBe(0);
    const scores = await page.getByTestId('result-gauge').allTextContents();
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

  it('lets a paid user export, share, find their site and load more results', async () => {
    const { page, context } = await h.newPage();
    const registered = await page.request.post(`${h.baseUrl}/backend-service/v1/auth/register`, {
      data: { name: 'Pat', email: `export-${Date.now()}@example.com`, password: 'correct-horse1' },
    });
    const auth = authResponseSchema.parse(await registered.json());
    const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'));
    try {
      db.prepare('update users set plan_id = 2 where id = ?').run(auth.userId);
    } finally {
      db.close();
    }
    await page.goto('/');
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEYS.session, JSON.stringify(sessionFromAuth({ ...auth, planId: 2 }))],
    );
    // The same search as above: its samples come from the speed cache.
    await page.goto('/serp-analysis-tool?searchTerm=lemon%20sorbet');
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: 240_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(EXPORT_FILE_NAME);
    const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADERS.join(','));
    expect(lines).toHaveLength((await cards.count()) + 1);
    expect(lines[1]!.startsWith('1,')).toBe(true);

    // Those samples were measured for the search above: a card says so, with their time and
    // lab (this suite's stand-in names no Lighthouse version; speed-insights.e2e.ts reads a
    // real run's).
    await cards.first().getByRole('button', { name: 'more data' }).click();
    await cards.first().getByRole('tab', { name: 'Lab' }).click();
    expect(await cards.first().getByTestId('measured-at').textContent()).toMatch(
      /^Cached result, measured .* · Lighthouse in this server's Chromium$/,
    );

    // Without a CrUX or PSI key there is no field-data source, and the Field tab says so.
    await cards.first().getByRole('tab', { name: 'Field' }).click();
    await cards.first().getByText(SPEED_MESSAGES.fieldNeedsSource).waitFor();

    // Share copies the page's link with the search term and the id of the kept results.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('share-link').click();
    await page.getByRole('tooltip').getByText('copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(
        `^${h.baseUrl}/serp-analysis-tool\\?searchTerm=lemon%20sorbet&share=[0-9a-f-]{36}$`,
      ),
    );

    // Find your site: a domain on screen is found there at no cost; an unknown site costs one
    // search through the rest of the top 100, as the box says.
    const domain = (await cards.last().getByTestId('result-domain').textContent())!;
    const rank = (await cards.last().getByTestId('result-rank').textContent())!;
    await page.getByLabel('find your site').check();
    await page.getByTestId('rank-cost-note').getByText(SERP_MESSAGES.rankCheckCost).waitFor();
    await page.getByLabel('Your site', { exact: true }).fill(`http://${domain}/`);
    await page.getByRole('button', { name: 'find', exact: true }).click();
    const modal = page.getByTestId('rank-modal');
    await modal.getByText(MESSAGES.foundAtPosition).waitFor();
    expect(await modal.getByTestId('rank-result').textContent()).toContain(domain);
    const firstOfDomain = await page
      .getByTestId('result-card')
      .filter({ has: page.getByTestId('result-domain').getByText(domain, { exact: true }) })
      .first()
      .getByTestId('result-rank')
      .textContent();
    expect(`#${await modal.getByTestId('rank-position').textContent()}`).toBe(firstOfDomain);
    expect(Number(firstOfDomain!.slice(1))).toBeLessThanOrEqual(Number(rank.slice(1)));
    await modal.getByTestId('rank-on-screen').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await page.getByLabel('Your site', { exact: true }).fill('example.org');
    await page.getByRole('button', { name: 'find', exact: true }).click();
    await modal.getByTestId('rank-not-found').waitFor();
    expect(await modal.getByTestId('rank-on-screen').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // More Results adds the second page below the first, ranks continuing.
    const before = await cards.count();
    await page.getByTestId('more-results').click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    const ranks = (await page.getByTestId('result-rank').allTextContents()).map((r) =>
      Number(r.slice(1)),
    );
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(Math.max(...ranks)).toBeGreaterThan(before);
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: 240_000 });
  }, 300_000);

  it('says what the sandbox web covers when it has no page about the search, each topic a search', async () => {
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page));
    await page.goto('/serp-analysis-tool?searchTerm=quantum%20computing');
    const notice = page.getByTestId('coverage-notice');
    await notice.getByText(SERP_MESSAGES.notCovered('quantum computing')).waitFor();
    const manifest = buildManifest({ port: Number(new URL(h.baseUrl).port) });
    const links = notice.getByRole('link');
    expect(await links.allTextContents()).toEqual(manifest.topics.map((t) => t.label));
    expect(await page.getByTestId('result-card').count()).toBe(0);

    // A topic's link runs its search: result cards, and a site's second result marked under its first.
    await links.getByText('Ice cream', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('searchTerm') === 'ice cream');
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    expect(await notice.count()).toBe(0);
    const domains = await page.getByTestId('result-domain').allTextContents();
    expect(new Set(domains).size).toBeGreaterThanOrEqual(7);
    const grouped = cards.filter({ has: page.getByTestId('result-grouped') });
    expect(await grouped.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await cards.count()); i++) {
      if ((await cards.nth(i).getByTestId('result-grouped').count()) === 0) continue;
      expect(domains[i]).toBe(domains[i - 1]);
    }
    // Leaving stops the cards' speed samples.
    await page.locator('.breadcrumb').getByRole('link', { name: 'Tools' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }, 120_000);
});
