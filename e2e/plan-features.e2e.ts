import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEYWORD_GATE_MS } from '@core/keywords/limits';
import { GATE_MESSAGES } from '@core/messages';
import { PLAN_FEATURES, PLANS } from '@core/plans';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { registerByApi, setPlan, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { passTime } from './support/clock';

const h = useBrowser();
/** A search of its own: cards measured here must not be cached for another file's first look. */
const SEARCH = '/serp-analysis-tool?searchTerm=dog%20food';

/** Whether `selector`'s element is inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
  }, selector);

/** Whether `selector`'s element is inside the viewport and is what a click there reaches. */
const inViewAndOnTop = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(hit && element.contains(hit));
  }, selector);

describe('plans as the pricing page states them', () => {
  it('ticks on each card exactly the features of the plan matrix, in the units the server counts', async () => {
    const { page } = await h.newPage();
    await page.goto('/pricing');
    for (const plan of PLANS) {
      const card = page.getByTestId(`plan-${plan.plan}`);
      for (const { id } of PLAN_FEATURES) {
        expect(
          await card.getByTestId(`feature-${id}`).getAttribute('data-included'),
          `${plan.plan} ${id}`,
        ).toBe(String(plan.features[id]));
      }
      await card
        .getByText(`${plan.keywordSearchLimit.toLocaleString('en-US')} keywords a month`)
        .waitFor();
    }
    expect(await page.getByText('full toolset').count()).toBe(0);
  });

  it("locks a Free user's export and more results, and answers the click next to the control", async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    const auth = await registerByApi(page, 'locks');
    await storeSession(page, auth);
    await page.goto(SEARCH);
    await page.getByTestId('result-card').first().waitFor();
    await page.getByTestId('export-csv').getByLabel('paid feature').waitFor();

    const more = page.getByTestId('more-results');
    await more.scrollIntoViewIfNeeded();
    await more.click();
    const notice = page.getByTestId('serp-notice');
    await notice.getByText(QUOTA_MESSAGES.upgradeForMoreResults).waitFor();
    // In view where the person clicked, not a screen above it (the scroll there is smooth).
    await expect
      .poll(() => inView(page, '[data-testid="serp-notice"]'), { timeout: 10_000 })
      .toBe(true);
  }, 60_000);

  it("unlocks a paid user's export and more results", async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'unlocked');
    setPlan(auth.userId, 2);
    await storeSession(page, { ...auth, planId: 2 });
    await page.goto(SEARCH);
    await page.getByTestId('result-card').first().waitFor();
    expect(await page.getByTestId('export-csv').getByLabel('paid feature').count()).toBe(0);
    expect(await page.getByTestId('more-results').getByLabel('paid feature').count()).toBe(0);
  }, 60_000);
});

describe('the account gate', () => {
  it('keeps the header usable, fits its tool, and leads back where the visitor came from', async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    await page.goto('/pricing');
    await page.goto('/');
    await page
      .getByRole('link', { name: /MixLab/ })
      .first()
      .click();
    const gate = page.getByTestId('account-gate');
    await gate.getByText(GATE_MESSAGES.mixlab).waitFor({ timeout: 5_000 });
    expect(await inViewAndOnTop(page, '[data-testid="brand"]')).toBe(true);

    await gate.getByTestId('gate-not-now').click();
    await page.waitForURL((url) => url.pathname === '/');
    await gate.waitFor({ state: 'detached' });
  });

  it('closes when the visitor leaves through the header, on a phone too', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/keyword-suggestion-tool');
    const gate = page.getByTestId('account-gate');
    await gate.getByText(GATE_MESSAGES.keywordsFromResults).waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByTestId('header').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await gate.waitFor({ state: 'detached' });
  });

  it('stays on sign-in for a stored token the server refuses', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'rejected');
    await storeSession(page, { ...auth, token: `${auth.token}x` });
    await page.clock.install();
    await page.goto('/keyword-suggestion-tool');
    const gate = page.getByTestId('account-gate');
    await gate.getByRole('heading', { name: 'Sign in to SpeedRank' }).waitFor({ timeout: 5_000 });
    // Past the tool's own arrival gate: the sign-in form is still the one shown.
    await passTime(page, 2 * KEYWORD_GATE_MS);
    expect(await gate.getByRole('heading', { name: 'Sign in to SpeedRank' }).count()).toBe(1);
  });
});
