import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/messages';
import { MIXLAB_GATE_MS } from '@core/mixlab/limits';
import { planById } from '@core/plans';
import { blankSession, storedSessionSchema } from '@core/schemas/session';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, storeSession, withDb } from './support/accounts';
import { useBrowser } from './support/browser';
import { passTime } from './support/clock';
import { storedToken } from './support/routes';

const h = useBrowser();

describe('journeys across the tools', () => {
  it('signs out on a tool page whose token the server revoked, and opens the sign-in gate', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'journey');
    await storeSession(page, auth);
    await page.goto('/');
    await page.getByRole('link', { name: 'Account' }).waitFor();
    // Once the page-load refresh has stored its new token, revoke every session of the user:
    // revoking earlier would let that refresh open a fresh session after the revocation.
    await expect.poll(() => storedToken(page)).not.toBe(auth.token);
    withDb((db) =>
      db
        .prepare('update sessions set revoked_at = ? where user_id = ?')
        .run(new Date().toISOString(), auth.userId),
    );
    await page.getByRole('link', { name: 'Open SERP Checker' }).click();
    await page.getByTestId('account-gate').getByTestId('sign-in-form').waitFor();
    const stored = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.session);
    expect(JSON.parse(stored!).token).toBe('');
  });

  it('refreshes the remaining count on arrival when the token is good', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'journey');
    await storeSession(page, auth);
    await page.goto('/keyword-suggestion-tool');
    await page.getByTestId('keywords-left').getByText('of your 200 Keywords').waitFor();
    withDb((db) =>
      db
        .prepare('insert into usage_counters (subject, tool, period, count) values (?, ?, ?, ?)')
        .run(auth.userId, 'keywords', new Date().toISOString().slice(0, 7), 50),
    );
    await page.getByRole('link', { name: 'Tools' }).first().click();
    await page.getByRole('link', { name: 'Open Keyword Tool' }).click();
    await page.getByTestId('keywords-left').getByText('of your 150 Keywords').waitFor();
  });

  it('signs out every open tab when one tab logs out', async () => {
    const { page, context } = await h.newPage();
    await storeSession(page, await registerByApi(page, 'journey'));
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/pricing');
    await other.getByRole('link', { name: 'Account' }).waitFor();
    await page.goto('/account');
    await page.getByRole('button', { name: 'Log out' }).click();
    await other.getByRole('button', { name: 'Sign In' }).waitFor();
  });
});

const sandboxPage = (path: string) =>
  `bake-street.sandbox.localhost:${new URL(h.baseUrl).port}${path}`;

/** A stored login without a token: a member who signed out, or whose session ended. */
async function storeLoginOnly(page: Page, email: string) {
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.session, JSON.stringify({ ...blankSession(), email })],
  );
}

/** The remaining counts as the usage endpoints answer them, with the page's current token. */
async function usageLeft(page: Page) {
  const stored = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.session);
  const token = v.parse(storedSessionSchema, JSON.parse(stored!)).token;
  const get = async (path: string) => {
    const res = await page.request.get(`${h.baseUrl}/backend-service/v1/usage/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as Record<string, number | null>;
  };
  return {
    serp: (await get('serp-analysis-tool')).numOfSerpLeft,
    speed: (await get('website-speed-tool')).numOfwebsiteSearchesLeft,
    keywords: (await get('keyword-tool')).kwtSearchesLeft,
  };
}

describe("a visitor's address at its monthly limit", () => {
  /**
   * A visitor page from an address of its own (the app believes a loopback proxy's
   * X-Forwarded-For), whose `tool` allowance this month is used up; returns the API paths
   * the page asks for.
   */
  async function visitorAtLimit(address: string, tool: string, limit: number) {
    withDb((db) =>
      db
        .prepare('insert into usage_counters (subject, tool, period, count) values (?, ?, ?, ?)')
        .run(`ip:${address}`, tool, new Date().toISOString().slice(0, 7), limit),
    );
    const { page } = await h.newPage();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/backend-service/')) asked.push(url.pathname + url.search);
    });
    return { page, asked };
  }

  it('sends a speed test to the free-trial page without starting it', async () => {
    const { page, asked } = await visitorAtLimit(
      '203.0.113.21',
      'speed',
      planById(1).speedTestLimit,
    );
    await page.goto('/website-speed-test');
    await page.getByPlaceholder('Enter a web page URL').fill('bake-street.sandbox.localhost/about');
    await page.getByRole('button', { name: 'analyze' }).click();
    await page.waitForURL('**/free-trial-page');
    await page.getByText(MESSAGES.freeTrialReset).waitFor();
    expect(asked).toContain('/backend-service/v1/ip-rate-limit/ip-limit?limitType=speedTest');
    expect(asked.filter((p) => p.includes('/pagespeed/runs'))).toEqual([]);
  });

  it('sends a SERP search to the free-trial page without searching', async () => {
    const { page, asked } = await visitorAtLimit('203.0.113.22', 'serp', planById(1).searchLimit);
    await page.goto('/serp-analysis-tool');
    await page.getByPlaceholder('Enter Google search term').fill('dog food');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/free-trial-page');
    await page.getByText(MESSAGES.freeTrialReset).waitFor();
    expect(asked).toContain('/backend-service/v1/ip-rate-limit/ip-limit?limitType=serpSearch');
    expect(asked.filter((p) => p.includes('/serp-search'))).toEqual([]);
  });
});

describe('account gates', () => {
  it('meets sign-in, not create-account, when a login is stored (keyword tool, 1 s after arrival)', async () => {
    const { page } = await h.newPage();
    await storeLoginOnly(page, 'returning@example.com');
    await page.goto('/keyword-suggestion-tool');
    await page.getByTestId('account-gate').getByTestId('sign-in-form').waitFor({ timeout: 3_000 });
    expect(await page.getByTestId('gate-message').count()).toBe(0);
  });

  it('opens the SERP analysis gate 30 s after the first search, on sign-in for a stored login', async () => {
    const { page } = await h.newPage();
    await storeLoginOnly(page, 'returning@example.com');
    await page.clock.install();
    await page.goto('/serp-analysis-tool');
    await page
      .getByPlaceholder(/search/i)
      .first()
      .fill('best ice cream');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('result-card').first().waitFor();
    const gate = page.getByTestId('account-gate');
    await passTime(page, 29_000);
    expect(await gate.isVisible()).toBe(false);
    await page.clock.runFor(1_500);
    await gate.getByTestId('sign-in-form').waitFor();
    const used = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.toolsUsed);
    expect(JSON.parse(used!)).toContain('serpAnalysis');
    // Browser back leaves the gate open on this page.
    await page.goBack();
    await page.waitForTimeout(300);
    expect(await gate.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/serp-analysis-tool');
    // Nor does Escape close it here.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await gate.isVisible()).toBe(true);
  }, 60_000);

  it('cancels the 30 s gate when the settings open; closing them starts the 15 s one', async () => {
    const { page } = await h.newPage();
    await page.clock.install();
    await page.goto('/serp-analysis-tool');
    await page.getByPlaceholder('Enter Google search term').fill('dog food');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('result-card').first().waitFor();
    await page.clock.runFor(10_000);
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    // Its code loads on this first opening, while the cards' speed runs keep the machine busy.
    await settings.waitFor({ timeout: 60_000 });
    await passTime(page, 25_000);
    const gate = page.getByTestId('account-gate');
    expect(await gate.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await passTime(page, 14_000);
    expect(await gate.isVisible()).toBe(false);
    await page.clock.runFor(2_000);
    // The gate's code loads on its first opening too.
    await gate.getByTestId('gate-message').waitFor({ timeout: 60_000 });
  }, 150_000);

  it('closes the gate with browser back and with Escape on the other tools', async () => {
    const { page } = await h.newPage();
    await page.goto('/serp-checker');
    const gate = page.getByTestId('account-gate');
    await gate.getByTestId('gate-message').waitFor({ timeout: 3_000 });
    await page.goBack();
    await gate.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/serp-checker');

    // The page's clock from here: a second and a half pass at once.
    await page.clock.install();
    await page.goto('/mixlab');
    await passTime(page, MIXLAB_GATE_MS);
    await gate.waitFor({ timeout: 3_000 });
    await page.keyboard.press('Escape');
    await gate.waitFor({ state: 'hidden' });
    // Once per visit: it does not come back.
    await passTime(page, 1_500);
    expect(await gate.isVisible()).toBe(false);
  });

  it('reaches and closes the sign-in and settings modals by keyboard', async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    const signIn = page.getByTestId('header').getByRole('button', { name: 'Sign In' });
    await signIn.focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('sign-in-form');
    await form.waitFor();
    // Focus moved into the modal: typing goes to its first field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.modal') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    const settings = page.getByTestId('header').getByRole('button', { name: 'Settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
  });
});

describe('settings and counts that follow the member', () => {
  it('keeps the speed test device on the server, read back in a fresh browser after signing in', async () => {
    const first = await h.newPage();
    const auth = await registerByApi(first.page, 'device');
    await storeSession(first.page, auth);
    await first.page.goto('/website-speed-test');
    await first.page.getByTestId('remaining-tests').getByText(/\d+/).waitFor();
    const saved = first.page.waitForResponse(
      (r) => r.url().endsWith('/backend-service/v1/settings') && r.request().method() === 'POST',
    );
    // Every screen tests on mobile until the member chooses desktop.
    await first.page.locator('label[for=device-desktop]').click();
    expect((await saved).status()).toBe(200);
    await first.page.goto('/account');
    await first.page.getByRole('button', { name: 'Log out' }).click();

    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    expect(await page.locator('#device-mobile').isChecked()).toBe(true);
    await page.getByTestId('header').getByRole('button', { name: 'Sign In' }).click();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(auth.email);
    await form.getByLabel('Password', { exact: true }).fill('correct-horse1');
    await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await page.getByRole('link', { name: 'Account' }).waitFor();
    await expect.poll(() => page.locator('#device-desktop').isChecked()).toBe(true);
  });

  it('agrees with the usage endpoints on the account page after using each tool', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'counts');
    await storeSession(page, auth);
    const before = await usageLeft(page);

    await page.goto('/website-speed-test');
    const tests = page.getByTestId('remaining-tests');
    await tests.getByText(String(before.speed)).waitFor();
    await page.getByLabel('Test Samples').selectOption('1');
    await page.getByPlaceholder('Enter a web page URL').fill(sandboxPage('/faq'));
    await page.getByRole('button', { name: 'analyze' }).click();
    await tests.getByText(String(before.speed! - 1)).waitFor();
    await page.getByTestId('lab-average').waitFor({ timeout: 120_000 });

    await page.goto('/serp-checker');
    await page.getByLabel('Search term').fill('ice cream');
    await page.getByLabel('Your site').fill('bake-street.example');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByTestId('remaining-searches')
      .getByText(String(before.serp! - 1))
      .waitFor();

    await page.goto('/keyword-suggestion-tool');
    await page.getByTestId('keyword-input').fill('ice cream');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('keyword-results').waitFor({ timeout: 20_000 });

    const after = await usageLeft(page);
    expect(after.speed).toBe(before.speed! - 1);
    expect(after.serp).toBe(before.serp! - 1);
    expect(after.keywords).toBeLessThan(before.keywords!);
    await page.goto('/account');
    for (const [label, value] of [
      ['serp', after.serp],
      ['speed', after.speed],
      ['keywords', after.keywords],
    ] as const) {
      await page
        .getByTestId(`remaining-${label}`)
        .getByText(String(value), { exact: true })
        .waitFor();
    }
  }, 180_000);
});

describe('mobile breakpoint', () => {
  it.each([
    [575, true],
    [576, true],
    [577, false],
  ])('at %i px the page is laid out for mobile: %s (576 px or less)', async (width, mobile) => {
    const { page } = await h.newPage({ width, height: 800 });
    await storeSession(page, await registerByApi(page, 'breakpoint'));
    await page.goto('/serp-checker');
    const count = page.getByTestId('remaining-searches');
    await count.getByText(/\d+/).waitFor();
    expect((await count.textContent())!.startsWith('Remaining Searches:')).toBe(!mobile);
  });
});
