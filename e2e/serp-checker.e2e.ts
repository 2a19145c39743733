import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SERP_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import { serpSearchResponseSchema } from '@core/schemas/serp';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, setPlan, storeSession, uniqueEmail, withDb } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();
const api = (path: string) => `${h.baseUrl}/backend-service/v1${path}`;

async function checkRank(page: Page, term: string, site: string) {
  await page.getByLabel('Search term').fill(term);
  await page.getByLabel('Your site').fill(site);
  await page.getByRole('button', { name: 'Search' }).click();
}

describe('SERP checker', () => {
  it('gates a visitor after a second; once registered, finds the site where the index ranks it', async () => {
    const { page } = await h.newPage();
    await page.goto('/serp-checker');
    const gate = page.getByRole('dialog', { name: 'Create an account' });
    await gate.waitFor({ timeout: 5_000 });
    const form = gate.getByTestId('create-account-form');
    await form.getByLabel('Email').fill(uniqueEmail());
    await form.getByLabel('Password', { exact: true }).fill('correct-horse1');
    await form.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.getByRole('link', { name: 'Account' }).waitFor();
    await gate.waitFor({ state: 'hidden' });
    await page.getByTestId('remaining-searches').getByText('10').waitFor();

    // Ground truth: the index's own ranking, read with the same account.
    const session = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session);
    const token = (JSON.parse(session!) as { token: string }).token;
    const serp = serpSearchResponseSchema.parse(
      await (
        await page.request.post(api('/serp-search'), {
          data: { searchTerm: 'ice cream flavors' },
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    // The search puts a featured answer first; the rank check reads the plain results.
    const organic = serp.answer_box ? serp.organic_results.slice(1) : serp.organic_results;
    const wanted = organic[2]!.domain;
    const expected = organic.findIndex((r) => r.domain === wanted) + 1;

    await checkRank(page, 'ice cream flavors', `https://www.${wanted}:${new URL(h.baseUrl).port}/`);
    await page.getByTestId('rank-result').waitFor();
    expect(await page.getByTestId('rank-position').textContent()).toBe(String(expected));
    expect(await page.getByTestId('rank-result').textContent()).toContain(wanted);
    // When the results were found, and whether they were kept from an earlier search.
    expect(await page.getByTestId('rank-source').textContent()).toMatch(
      /^Results from the sandbox index, (cached, )?found (just now|\d+ minutes? ago)$/,
    );
    // One search for the ground truth, one for the check.
    await page.getByTestId('remaining-searches').getByText('8').waitFor();

    await checkRank(page, 'ice cream flavors', 'example.org');
    await page.getByTestId('rank-not-found').getByText(MESSAGES.notRanking).waitFor();
    expect(await page.getByTestId('rank-result').textContent()).toContain('example.org');
  }, 60_000);

  it('sends a free user who has used every search to the free-trial page', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page);
    for (let i = 0; i < planById(1).searchLimit; i++) {
      const used = await page.request.post(api('/rank-check'), {
        data: { searchTerm: 'dog food', url: 'example.org' },
        headers: { authorization: `Bearer ${auth.token}` },
      });
      expect(used.status()).toBe(200);
    }
    await storeSession(page, auth);
    await page.goto('/serp-checker');
    await page.getByTestId('remaining-searches').getByText('0').waitFor();
    await checkRank(page, 'dog food', 'example.org');
    await page.waitForURL('**/free-trial-page');
    await page.getByText(MESSAGES.freeTrialReset).waitFor();
  }, 60_000);

  it('shows a paid user at the monthly limit the limit alert, and stays on the page', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page);
    // A Lite user who has used the month's searches; the page learns the plan at load.
    setPlan(auth.userId, 2);
    withDb((db) =>
      db
        .prepare('insert into usage_counters (subject, tool, period, count) values (?, ?, ?, ?)')
        .run(auth.userId, 'serp', new Date().toISOString().slice(0, 7), planById(2).searchLimit),
    );
    await storeSession(page, auth);
    await page.goto('/serp-checker');
    await page.getByTestId('remaining-searches').getByText('0').waitFor();
    await checkRank(page, 'dog food', 'example.org');
    const alert = page.getByTestId('rate-limit-alert');
    await alert.getByText('You have hit your monthly search limit.').waitFor();
    expect(await alert.getByRole('link', { name: 'Upgrade here.' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(new URL(page.url()).pathname).toBe('/serp-checker');
    expect(await page.getByTestId('rank-result').count()).toBe(0);
  }, 60_000);

  it('says what the sandbox web covers when it has no page about the search', async () => {
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page));
    await page.goto('/serp-checker');
    await checkRank(page, 'quantum computing', 'example.org');
    const notice = page.getByTestId('coverage-notice');
    await notice.getByText(SERP_MESSAGES.notCovered('quantum computing')).waitFor();
    await page.getByTestId('rank-not-found').waitFor();
    const dogFood = notice.getByRole('link', { name: 'Dog food', exact: true });
    expect(await dogFood.getAttribute('href')).toBe('/serp-analysis-tool?searchTerm=dog%20food');
  }, 60_000);
});
