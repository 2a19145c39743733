import type { APIRequestContext, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHECK_MESSAGES } from '@core/messages/checks';
import { ROUTES } from '@core/routes';
import type { AuthResponse } from '@core/schemas/auth';
import type { Check } from '@core/schemas/checks';
import { steadySandboxPage } from '../server/test/sandbox-pages';
import { registerByApi, setPlan, storeSession } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';

const h = useBrowser();
const API = '/backend-service/v1';
const port = () => Number(new URL(h.baseUrl).port);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A pipeline's token for the person's personal workspace (whose id is theirs). */
async function makeToken(request: APIRequestContext, auth: AuthResponse): Promise<string> {
  const made = await request.post(`${API}/tokens`, {
    data: { name: 'GitHub Actions', workspaceId: auth.userId, scopes: ['read', 'run'] },
    headers: bearer(auth.token),
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { token: string }).token;
}

/** POST /checks as a pipeline would, then reads the check until its runs ended. */
async function runCheck(request: APIRequestContext, token: string, body: object): Promise<Check> {
  const started = await request.post(`${API}/checks`, { data: body, headers: bearer(token) });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  for (;;) {
    const read = await request.get(`${API}/checks/${id}`, { headers: bearer(token) });
    const check = (await read.json()) as Check;
    if (check.status === 'done') return check;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each budget row in `scope` as its cells read, one space between them. */
const budgetRows = (scope: Locator) =>
  scope
    .getByTestId('budget-row')
    .evaluateAll((rows: HTMLTableRowElement[]) =>
      rows.map((row) => [...row.cells].map((cell) => cell.textContent!.trim()).join(' ')),
    );

describe('CI checks', () => {
  it('lists a pipeline’s check with its ref and verdict, and opens its pages, budget and runs', async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    const auth = await registerByApi(page, 'checks');
    const token = await makeToken(page.request, auth);
    const light = steadySandboxPage('light', port());
    const heavy = steadySandboxPage('heavy-images', port());
    // The stand-in lab paints a light page's largest element at about 1.8 s on mobile, a
    // heavy-images page's 3 s later: one keeps an LCP budget of 3 s, the other breaks it.
    const check = await runCheck(page.request, token, {
      urls: [light, heavy],
      samples: 2,
      budget: { lcp: 3000 },
      ref: { repository: 'scoops/site', commit: 'a1b2c3d4e5f6', pullRequest: 7, branch: 'faster' },
    });
    expect(check.verdict).toBe('fail');

    await storeSession(page, auth);
    await visitRoute(page, ROUTES.checks, false);
    const row = page.getByTestId('check-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const text = (await row.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('scoops/site @ a1b2c3d · PR #7 · branch faster');
    expect(text).toContain(`${light} and 1 more URL`);
    expect(text).toContain('Mobile · 2 samples per URL · by Casey with the token “GitHub Actions”');
    expect(await row.getByTestId('check-verdict').textContent()).toBe('Fail');
    await expectAccessible(page, 'checks list');
    expect(await horizontalOverflow(page, 'checks list')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page, 'checks list at 390 px')).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The row opens the check, kept in the address.
    await row.getByRole('link').click();
    await page.waitForURL((at) => at.searchParams.get('id') === check.id);
    const pages = page.getByTestId('check-page');
    await expect.poll(() => pages.count()).toBe(2);
    expect(
      await page.getByTestId('check-summary').getByTestId('check-verdict').first().textContent(),
    ).toBe('Fail');
    expect(await page.getByTestId('check-budget-kept').textContent()).toBe('Broken');
    const lcp = (at: number) => check.pages[at]!.budget.find((r) => r.limit === 'lcp')!.value!;
    const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
    expect(await budgetRows(pages.first())).toEqual([
      `Largest Contentful Paint ≤ 3,000 ms ${ms(lcp(0))} ✓kept`,
    ]);
    expect(await budgetRows(pages.nth(1))).toEqual([
      `Largest Contentful Paint ≤ 3,000 ms ${ms(lcp(1))} ✗broken`,
    ]);
    expect(await pages.nth(1).getByTestId('check-verdict').textContent()).toBe('Fail');
    expect(await pages.first().getByTestId('check-verdict').textContent()).toBe('Pass');
    // The medians as the app writes them; nothing tracked, so no change, and why.
    expect(await pages.first().getByTestId('check-medians').textContent()).toContain(
      `LCP${(lcp(0) / 1000).toFixed(1)} s`,
    );
    expect(await pages.first().getByTestId('check-change-note').textContent()).toBe(
      CHECK_MESSAGES.noTrackedPage,
    );

    // Each run, read from its record, which its link opens.
    const runs = pages.first().getByTestId('check-run');
    await expect.poll(() => runs.count()).toBe(2);
    await expect.poll(() => runs.first().locator('td').first().textContent()).toBe('Done');
    const href = await runs
      .first()
      .getByRole('link', { name: 'JSON record of sample 1' })
      .getAttribute('href');
    expect(href).toBe(`${API}/pagespeed/runs/${check.pages[0]!.runIds[0]}`);
    expect((await page.request.get(href!)).status()).toBe(200);

    await expectAccessible(page, 'check detail');
    expect(await horizontalOverflow(page, 'check detail')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page, 'check detail at 390 px')).toEqual([]);

    // The header links the screen for a signed-in person.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('link', { name: '← All checks' }).click();
    await page.waitForURL((at) => at.pathname === ROUTES.checks && !at.searchParams.has('id'));
    await page.getByTestId('header').getByRole('link', { name: 'CI checks' }).waitFor();
  }, 120_000);

  it('shows a new user how to run a check, and asks a visitor to sign in', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const auth = await registerByApi(page, 'checks-empty');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.checks, false);
    const empty = page.getByTestId('checks-empty');
    await empty.waitFor();
    expect((await empty.textContent())!).toContain(CHECK_MESSAGES.empty.replaceAll('`', ''));
    expect(await empty.getByTestId('check-command').textContent()).toBe(
      `npx speedrank check https://… --server ${new URL(h.baseUrl).origin} --token $SPEEDRANK_TOKEN`,
    );
    await expectAccessible(page, 'checks empty state');
    expect(await horizontalOverflow(page, 'checks empty state')).toEqual([]);
    await empty.getByRole('link', { name: 'make one under API tokens' }).click();
    await page.waitForURL((at) => at.pathname === ROUTES.apiTokens);

    const visitor = await h.newPage();
    await visitRoute(visitor.page, ROUTES.checks, true);
    await visitor.page.getByTestId('checks-signed-out').waitFor();
    expect(
      await visitor.page.getByTestId('header').getByRole('link', { name: 'CI checks' }).count(),
    ).toBe(0);
  }, 60_000);

  it('judges a speed test of a tracked page on its budget', async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    const auth = await registerByApi(page, 'checks-budget');
    // Two tracked pages: more than the free plan tracks.
    setPlan(auth.userId, 3);
    const light = steadySandboxPage('light', port());
    const heavy = steadySandboxPage('heavy-images', port());
    for (const url of [light, heavy]) {
      const tracked = await page.request.post(`${API}/tracking/pages`, {
        data: { url, devices: ['mobile'], samples: 1, budgets: { lcp: 3000 } },
        headers: bearer(auth.token),
      });
      expect(tracked.status(), await tracked.text()).toBe(201);
    }
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.speedTest, false);
    await page.locator('label[for=device-mobile]').click();
    await page.getByLabel('Test Samples').selectOption('1');

    const panel = page.getByTestId('budget-panel');
    const test = async (url: string) => {
      await page.getByPlaceholder('Enter a web page URL').fill(url);
      await page.getByRole('button', { name: 'analyze' }).click();
      // The last test's panel goes with it; this test's comes with its result.
      await panel.waitFor({ state: 'detached' });
      await panel.getByTestId('budget-row').waitFor({ timeout: 30_000 });
      expect(await panel.getByRole('link', { name: url }).count()).toBe(1);
      const rows = await budgetRows(panel);
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    expect(await test(light)).toMatch(/^Largest Contentful Paint ≤ 3,000 ms 1,\d{3} ms ✓kept$/);
    await expectAccessible(page, 'speed test budget');
    expect(await horizontalOverflow(page, 'speed test budget')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page, 'speed test budget at 390 px')).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await test(heavy)).toMatch(/^Largest Contentful Paint ≤ 3,000 ms 4,\d{3} ms ✗broken$/);

    // A page the workspace tracks on mobile only has no budget on desktop.
    await page.locator('label[for=device-desktop]').click();
    await panel.waitFor({ state: 'detached' });
    await page.getByTestId('lab-average').waitFor({ timeout: 30_000 });
    // The tracked pages are read already: a panel would show at once with the averages.
    await page.waitForTimeout(500);
    expect(await panel.count()).toBe(0);
  }, 120_000);
});
