import fs from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FREE_KEYWORDS_PER_LIST,
  KEYWORD_EXPORT_FILE,
  KEYWORD_EXPORT_HEADERS,
} from '@core/keywords/limits';
import { GATE_MESSAGES, KEYWORD_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import {
  KEYWORD_INTENTS,
  KEYWORD_LISTS,
  type KeywordAnswer,
  type KeywordIntent,
  type KeywordList,
} from '@core/schemas/keywords';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, storeSession, withDb } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();
const TOOL = '/keyword-suggestion-tool';

async function signedIn(page: Page) {
  const auth = await registerByApi(page, 'kwt');
  await storeSession(page, auth);
  return auth;
}

async function searchFor(page: Page, term: string) {
  await page.getByTestId('keyword-input').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The keywords on the cards of one tab, as a person reads them. */
async function cardsOf(page: Page, list: KeywordList): Promise<string[]> {
  await page.getByTestId(`keyword-tab-${list}`).click();
  return page.getByTestId('keyword-card-keyword').allTextContents();
}

async function allCards(page: Page): Promise<Record<KeywordList, string[]>> {
  const out = {} as Record<KeywordList, string[]>;
  for (const list of KEYWORD_LISTS) out[list] = await cardsOf(page, list);
  return out;
}

describe('keyword suggestion tool', () => {
  it('gives a signed-in user four lists of unique keywords, the drawer, append/clear and the CSV', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    await page.goto(TOOL);
    const limit = planById(1).keywordSearchLimit;
    await page.getByTestId('keywords-left').getByText(`of your ${limit} Keywords`).waitFor();
    // With no model and no data source configured, the page names its offline sources.
    await page.getByTestId('keyword-sources').getByText('the search results').waitFor();
    // The copy weighs the source that answers here, not a language model no one configured.
    const copy = page.getByTestId('keyword-source-copy');
    await copy.getByText('Pros of ideas from the search results').waitFor();
    expect(await copy.textContent()).not.toContain('language model');
    await page.getByTestId('volumes-need-source').waitFor();

    await searchFor(page, 'ice cream');
    await page.getByText('Gathering 30 Results...').waitFor();
    await page.getByTestId('keyword-results').waitFor({ timeout: 20_000 });
    // The search results name no parent category; only a language model's answer does.
    expect(await page.getByTestId('identified-category').count()).toBe(0);

    const lists = await allCards(page);
    const every = KEYWORD_LISTS.flatMap((l) => lists[l]);
    for (const list of KEYWORD_LISTS) {
      expect(lists[list].length).toBeLessThanOrEqual(FREE_KEYWORDS_PER_LIST);
    }
    expect(lists.category.length).toBeGreaterThan(0);
    expect(lists.related.length).toBeGreaterThan(0);
    expect(new Set(every).size).toBe(every.length);
    expect(every).not.toContain('ice cream');
    const holdsSeed = (k: string) => k.includes('ice') && k.includes('cream');
    expect([...lists.category, ...lists.variation].every(holdsSeed)).toBe(true);
    // No volume source: every volume is '-', never an invented number.
    const volumes = await page.getByTestId('keyword-card-volume').allTextContents();
    expect(new Set(volumes)).toEqual(new Set(['-']));
    // The search charged its three requests of ten keywords.
    await page
      .getByTestId('keywords-left')
      .getByText(`of your ${limit - 30} Keywords`)
      .waitFor();

    // The drawer: top results from the sandbox index and the SERP-analysis action.
    await page.getByTestId('keyword-tab-category').click();
    const first = lists.category[0]!;
    await page.getByTestId('keyword-card').first().click();
    const drawer = page.getByTestId('keyword-drawer');
    await drawer.getByText('from sandbox index').waitFor();
    await drawer.getByTestId('drawer-no-volumes').waitFor();
    expect(
      await drawer.getByRole('link', { name: 'Run a SERP analysis' }).getAttribute('href'),
    ).toBe(`/serp-analysis-tool?searchTerm=${encodeURIComponent(first)}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Append, then clear restores the originals.
    await page.getByLabel('Modify results').fill('Near Me');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('keyword-card-keyword').first().getByText(`${first} near me`).waitFor();
    expect(await cardsOf(page, 'category')).toEqual(lists.category.map((k) => `${k} near me`));
    await page.getByRole('button', { name: 'clear' }).click();
    expect(await cardsOf(page, 'category')).toEqual(lists.category);

    // Its tooltip promises no volume or CPC that no source gives (the defaults have none).
    await page.getByTestId('keyword-export').hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: KEYWORD_MESSAGES.exportTooltip('none') })
      .waitFor();
    expect(
      await page
        .getByRole('tooltip')
        .filter({ hasText: 'including search volume and cpc' })
        .count(),
    ).toBe(0);
    // The export holds exactly the cards: the volumes' columns, then source, intent, cluster.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('keyword-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(KEYWORD_EXPORT_FILE);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(KEYWORD_EXPORT_HEADERS.map((c) => `"${c}"`).join(','));
    const rows = Papa.parse<string[]>(text.trim()).data.slice(1);
    expect(rows.map((r) => r[0]).sort()).toEqual([...every].sort());
    expect(rows.every((r) => r.length === KEYWORD_EXPORT_HEADERS.length && r[1] === '-')).toBe(
      true,
    );
    const sourceColumn = KEYWORD_EXPORT_HEADERS.indexOf('source');
    expect(
      rows.every((r) => /^(related-searches|questions|ranking-pages)/.test(r[sourceColumn]!)),
    ).toBe(true);
    expect(rows.every((r) => KEYWORD_INTENTS.includes(r[sourceColumn + 1] as KeywordIntent))).toBe(
      true,
    );
    expect(rows.every((r) => every.includes(r[sourceColumn + 2]!))).toBe(true);
  }, 90_000);

  it('filters ideas by intent and by cluster, and takes one to the other tools in one click', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The month's count arrives after the search starts, as on a slow connection: the
    // search still asks for the size shown (30, a third per list), not for 1.
    let searchSent!: () => void;
    const searchStarted = new Promise<void>((resolve) => (searchSent = resolve));
    await page.route('**/usage/keyword-tool', async (route) => {
      await searchStarted;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/keyword'));
    await page.goto(TOOL);
    await searchFor(page, 'dog food');
    const request = await asked;
    searchSent();
    expect(request.postDataJSON()).toMatchObject({ algorithm: 'category', size: 10 });
    await page.getByTestId('keyword-results').waitFor({ timeout: 20_000 });
    await page.getByTestId('cluster-basis').getByText('share three or more pages').waitFor();
    /** The Category tab's cards, which stays the tab shown. */
    const everyCard = () => cardsOf(page, 'category');

    // Intent: the filter keeps exactly the cards labelled with it.
    const intent = page.getByTestId('intent-filter');
    await intent.selectOption('commercial');
    await page.getByTestId('keyword-tab-category').click();
    const commercial = await page.getByTestId('keyword-card-intent').allTextContents();
    expect(commercial.length).toBeGreaterThan(0);
    expect(new Set(commercial)).toEqual(new Set(['Commercial']));
    expect(await page.getByTestId('keyword-card-keyword').allTextContents()).toContain(
      'best dog food',
    );
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const all = await everyCard();
    expect(all.length).toBeGreaterThan(commercial.length);

    // Cluster: the largest one's cards, each with that cluster in the drawer.
    const cluster = page.getByTestId('cluster-filter');
    const [, firstCluster] = await cluster
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await cluster.selectOption(firstCluster!);
    const inCluster = await everyCard();
    expect(inCluster.length).toBeGreaterThan(0);
    expect(inCluster.length).toBeLessThan(all.length);
    await page.getByTestId('keyword-card').first().click();
    const drawer = page.getByTestId('keyword-drawer');
    await drawer.getByTestId('drawer-idea').getByText(firstCluster!, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // One click from an idea: copy it, analyse its SERP, check its rank.
    const keyword = inCluster[0]!;
    await page.getByTestId('idea-copy').first().click();
    await page.getByRole('button', { name: `Copied ${keyword}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keyword);
    expect(await page.getByTestId('idea-analyse').first().getAttribute('href')).toBe(
      `/serp-analysis-tool?searchTerm=${encodeURIComponent(keyword)}`,
    );
    await page.getByTestId('idea-rank').first().click();
    await page.waitForURL(/\/serp-checker\?/);
    await expect.poll(() => page.getByLabel('Search term').inputValue()).toBe(keyword);
  }, 90_000);

  it('groups ideas by shared results on request when the answer grouped them by words', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    // As a paid search provider answers: ideas grouped by the words they share.
    await page.route('**/backend-service/v1/keyword', async (route) => {
      const response = await route.fetch();
      const answers = (await response.json()) as KeywordAnswer[];
      await route.fulfill({
        response,
        json: answers.map((a) => ({
          ...a,
          clusteredBy: 'words',
          ideas: a.ideas?.map((idea) => ({ ...idea, cluster: idea.keyword })),
        })),
      });
    });
    await page.goto(TOOL);
    await searchFor(page, 'aftermarket truck parts');
    await page.getByTestId('keyword-results').waitFor({ timeout: 20_000 });
    await page.getByTestId('cluster-basis').getByText('sharing a word').waitFor();
    const cluster = page.getByTestId('cluster-filter').locator('option');
    const alone = await cluster.count();
    const regroup = page.getByTestId('regroup-by-results');
    const shown = (await allCards(page)).category.length;
    expect(await regroup.textContent()).toMatch(/^Group by shared results \(\d+ searches\)$/);
    expect(shown).toBeGreaterThan(0);
    await regroup.click();
    await page.getByTestId('cluster-basis').getByText('share three or more pages').waitFor();
    expect(await regroup.count()).toBe(0);
    // Ideas that share results now share a group: fewer groups than ideas alone.
    expect(await cluster.count()).toBeLessThan(alone);
  }, 60_000);

  it('asks a list whose source failed once more, and shows it with the others', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    const relatedAsks: number[] = [];
    await page.route('**/backend-service/v1/keyword', async (route) => {
      const body = route.request().postDataJSON() as { algorithm: string };
      if (body.algorithm !== 'related') return route.continue();
      relatedAsks.push(relatedAsks.length + 1);
      // The related source fails the first time only, as a provider's hiccup does.
      if (relatedAsks.length === 1) {
        return route.fulfill({ status: 502, json: { message: 'The source failed.' } });
      }
      return route.continue();
    });
    await page.goto(TOOL);
    await searchFor(page, 'ice cream');
    await page.getByTestId('keyword-results').waitFor({ timeout: 20_000 });
    expect(relatedAsks).toEqual([1, 2]);
    expect((await cardsOf(page, 'related')).length).toBeGreaterThan(0);
    expect(await page.getByTestId('keyword-alert').count()).toBe(0);
  }, 60_000);

  it('offers only the sizes the month still has room for', async () => {
    const { page } = await h.newPage();
    const auth = await signedIn(page);
    const limit = planById(1).keywordSearchLimit;
    const leave = (left: number) =>
      withDb((db) =>
        db
          .prepare(
            `insert into usage_counters (subject, tool, period, count) values (?, 'keywords', ?, ?)
             on conflict (subject, tool, period) do update set count = excluded.count`,
          )
          .run(auth.userId, new Date().toISOString().slice(0, 7), limit - left),
      );
    const sizes = page.getByRole('combobox', { name: 'Keywords to use' });
    const offered = () =>
      sizes.locator('option').evaluateAll((options) => options.map((o) => o.textContent));

    leave(40);
    await page.goto(TOOL);
    await page.getByTestId('keywords-left').getByText('of your 40 Keywords').waitFor();
    expect(await offered()).toEqual(['15', '30']);
    expect(await sizes.inputValue()).toBe('30');

    // Fewer than the smallest size: it stays, and the page says what the search uses.
    leave(5);
    await page.reload();
    await page.getByTestId('keywords-left').getByText('of your 5 Keywords').waitFor();
    expect(await offered()).toEqual(['15']);
    await page.getByTestId('keywords-left').getByText('(this search uses 5)').waitFor();
  });

  it('opens the keyword gate for a visitor a second after arrival, naming the results as the source', async () => {
    const { page } = await h.newPage();
    await page.goto(TOOL);
    const gate = page.getByRole('dialog', { name: 'Create an account' });
    // No language model is configured here: the gate does not promise one.
    await gate.getByText(GATE_MESSAGES.keywordsFromResults).waitFor({ timeout: 5_000 });
  });

  it('blurs an unsafe answer until the alert is closed', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    await page.goto(TOOL);
    await searchFor(page, 'fuck');
    const alert = page.getByTestId('content-filter-alert');
    await alert.getByText(KEYWORD_MESSAGES.unsafe).waitFor({ timeout: 20_000 });
    const results = page.getByTestId('keyword-cards').locator('..');
    expect(await results.getAttribute('class')).toContain('sr-blurred');
    // Not clickable while blurred: a click on another tab changes nothing.
    const related = page.getByTestId('keyword-tab-related');
    await related.click({ force: true });
    await page.waitForTimeout(300);
    expect(await related.getAttribute('class')).not.toContain('active');

    await alert.getByRole('button', { name: 'view response' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await results.getAttribute('class')).toBeNull();
    await page.waitForTimeout(1_100);
    for (const list of KEYWORD_LISTS) {
      if ((await cardsOf(page, list)).length === 0) continue;
      await page.getByTestId('keyword-card').first().click();
      await page.getByTestId('keyword-drawer').waitFor();
      return;
    }
    throw new Error('the answer had no keywords to open');
  }, 60_000);

  it('says plainly when nothing grounded is known about a keyword, and what would answer it', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    await page.goto(TOOL);
    // The sandbox's results do not cover yoga mats, and WordNet knows only the floor mat.
    await searchFor(page, 'yoga mats');
    const alert = page.getByTestId('keyword-alert');
    await alert.getByText(KEYWORD_MESSAGES.nothingGrounded).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('keyword-card-keyword').count()).toBe(0);
  });

  it('refuses a 180-character term without a request, and keeps the settings it clamps', async () => {
    const { page } = await h.newPage();
    await signedIn(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/(keyword|kwt-rate-limit)$/.test(new URL(r.url()).pathname)) calls.push(r.url());
    });
    await page.goto(TOOL);
    await searchFor(page, 'a'.repeat(180));
    await page.getByTestId('keyword-alert').getByText(KEYWORD_MESSAGES.termTooLong).waitFor();
    expect(calls).toEqual([]);

    await page.getByRole('button', { name: 'settings' }).click();
    const modal = page.getByRole('dialog', { name: 'Keyword settings' });
    await modal.getByLabel('Randomness', { exact: true }).fill('1.7');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden', timeout: 2_000 });
    const stored = await page.evaluate(
      (k) => localStorage.getItem(k),
      STORAGE_KEYS.keywordSettings,
    );
    expect(JSON.parse(stored!).temperature).toBe(1);
    // Kept on the server too: a fresh browser of the same user reads it back.
    await page.evaluate((k) => localStorage.removeItem(k), STORAGE_KEYS.keywordSettings);
    await page.reload();
    await page.getByRole('button', { name: 'settings' }).click();
    await expect.poll(() => modal.getByLabel('Randomness', { exact: true }).inputValue()).toBe('1');
  }, 60_000);
});
