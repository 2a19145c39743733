import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGES } from '@core/messages';
import { findCountry } from '@core/reference';
import { PAGE_PATHS, ROUTES } from '@core/routes';
import type { AuthResponse } from '@core/schemas/auth';
import { registerByApi, storeSession } from './support/accounts';
import { expectAccessible, seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';
import { startDesktopSample } from './support/speed-test';

const h = useBrowser();
/**
 * A search no other file measures: card samples are cached per URL, and a file whose first
 * test must meet its cards still loading (serp-analysis-cards.e2e.ts) would find them done.
 */
const A11Y_SEARCH = `${ROUTES.serpAnalysis}?searchTerm=${encodeURIComponent('ice cream parlor')}`;
const port = () => new URL(h.baseUrl).port;

/** A fresh page without transitions, so that axe never sees a modal half faded in. */
async function openPage(size?: { width: number; height: number }) {
  const { page } = await h.newPage(size);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

async function signIn(page: Page, prefix: string): Promise<AuthResponse> {
  const auth = await registerByApi(page, prefix);
  await storeSession(page, auth);
  return auth;
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, presses = 60) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focus ring drawn round `el` (or, for a chip's hidden radio, round its label). */
const focusRing = (target: Locator) =>
  target.evaluate((el) => {
    const drawn =
      el.classList.contains('btn-check') && el.nextElementSibling ? el.nextElementSibling : el;
    const style = getComputedStyle(drawn);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });

async function expectFocusRing(target: Locator) {
  const ring = await focusRing(target);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

const liveStatus = (scope: Page | Locator) => scope.getByTestId('live-status');

describe('accessibility (axe: no serious or critical violations)', () => {
  // The whole app walked at a laptop's and a phone's width: axe and nothing wider than the
  // window, per route. The four walks go side by side, each in its own context: they wait
  // on page loads and axe more than on the machine.
  const SIZES = [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ];

  it.concurrent.each(SIZES)(
    'holds on every route for a visitor at $width px',
    async (size) => {
      const page = await openPage(size);
      const found: string[] = [];
      for (const path of PAGE_PATHS) {
        await visitRoute(page, path, true);
        found.push(...(await seriousViolations(page, `visitor on ${path}`)));
        found.push(...(await horizontalOverflow(page, `visitor on ${path}`)));
      }
      expect(found, found.join('\n')).toEqual([]);
      // Concurrent tests' contexts stay open till the file ends unless closed by the test.
      await page.context().close();
    },
    240_000,
  );

  it.concurrent.each(SIZES)(
    'holds on every route for a signed-in user at $width px',
    async (size) => {
      const page = await openPage(size);
      await signIn(page, `a11y-routes-${size.width}`);
      const found: string[] = [];
      for (const path of PAGE_PATHS) {
        await visitRoute(page, path, false);
        found.push(...(await seriousViolations(page, `signed in on ${path}`)));
        found.push(...(await horizontalOverflow(page, `signed in on ${path}`)));
      }
      expect(found, found.join('\n')).toEqual([]);
      // Still signed in after the walk: every page above was the signed-in one.
      const account = page
        .getByTestId('header')
        .getByRole('link', { name: 'Account', includeHidden: true });
      expect(await account.count()).toBe(1);
      await page.context().close();
    },
    240_000,
  );

  it('holds in the sign-in modal, both its forms, and the settings modal with its flags', async () => {
    const page = await openPage();
    await page.goto(ROUTES.home);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const signInDialog = page.getByRole('dialog');
    await signInDialog.getByRole('button', { name: 'Create an account here' }).waitFor();
    await expectAccessible(page, 'sign-in modal');
    await signInDialog.getByRole('button', { name: 'Create an account here' }).click();
    await signInDialog.getByRole('button', { name: 'CREATE ACCOUNT' }).waitFor();
    await expectAccessible(page, 'create-account modal');

    await signIn(page, 'a11y-settings');
    await page.goto(ROUTES.serpAnalysis);
    // The country's flag is drawn and named (in the 'Searching {domain}' line).
    const flag = page
      .getByTestId('search-domain')
      .getByRole('img', { name: findCountry('us')!.name, exact: true });
    expect(await flag.getAttribute('src')).toBe('/flags/4x3/us.svg');
    expect(await flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByTestId('settings-country').getByRole('button').click();
    await settings.getByRole('option', { name: 'Germany' }).waitFor();
    await expectAccessible(page, 'settings modal, country list open');
    // Each country's flag is beside its printed name: decorative.
    expect(
      await settings.getByRole('option', { name: 'Germany' }).locator('img').getAttribute('alt'),
    ).toBe('');
  }, 60_000);

  it('holds on a speed test result, which the live region announces', async () => {
    const page = await openPage();
    await page.goto(ROUTES.speedTest);
    await startDesktopSample(page, port(), 'bake-street/faq');
    await expect
      .poll(() => liveStatus(page).textContent(), { timeout: 10_000 })
      .toBe(LIVE_MESSAGES.speedRunning(1, 'desktop'));
    const average = page.getByTestId('average-score');
    await average.waitFor({ timeout: 150_000 });
    // The score is a gauge: an arc drawn in its band's colour, the number written in it.
    const score = (await average.textContent())!;
    expect(await average.getAttribute('aria-label')).toBe(`${score} out of 100`);
    expect(await average.locator('circle.sr-gauge-arc').count()).toBe(1);
    await expect
      .poll(() => liveStatus(page).textContent(), { timeout: 5_000 })
      .toBe(LIVE_MESSAGES.speedDone('Desktop', score, 1));
    await expectAccessible(page, 'speed test result');
  }, 200_000);

  it('holds on SERP analysis cards and the rank modal; the live region tells the progress', async () => {
    const page = await openPage();
    await signIn(page, 'a11y-serp');
    // Three results keep the samples few; the cards are the same as with ten.
    await page.route('**/backend-service/v1/serp-search', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.organic_results = body.organic_results.slice(0, 3);
      delete body.answer_box;
      await route.fulfill({ response, json: body });
    });
    await page.goto(A11Y_SEARCH);
    const cards = page.getByTestId('result-card');
    await cards.first().waitFor();
    // While the samples run, and once the last has finished.
    expect([LIVE_MESSAGES.serpMeasuring(3), LIVE_MESSAGES.serpLoaded(3)]).toContain(
      await liveStatus(page).textContent(),
    );
    await page.getByTestId('stats-loading').waitFor({ state: 'detached', timeout: 240_000 });
    await expect
      .poll(() => liveStatus(page).textContent(), { timeout: 5_000 })
      .toBe(LIVE_MESSAGES.serpLoaded(3));

    const first = cards.first();
    await first.getByRole('button', { name: 'more data' }).click();
    await first.getByRole('tab', { name: 'Lab' }).click();
    await expectAccessible(page, 'SERP analysis cards, Lab tab open');

    // The rank modal, answered from the cards on screen: the first card of the second's site.
    const domains = await page.getByTestId('result-domain').allTextContents();
    const domain = domains[1]!;
    await page.getByLabel('find your site').check();
    await page.getByLabel('Your site', { exact: true }).fill(`https://${domain}/`);
    await page.getByRole('button', { name: 'find', exact: true }).click();
    const modal = page.getByTestId('rank-modal');
    await modal.getByTestId('rank-result').waitFor();
    expect(await liveStatus(modal).textContent()).toBe(
      LIVE_MESSAGES.rankFound(domains.indexOf(domain) + 1, domain),
    );
    await expectAccessible(page, 'rank-checker modal');
  }, 300_000);

  it("holds on a phone, where a card's tabs become a menu", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signIn(page, 'a11y-phone');
    await page.goto(A11Y_SEARCH);
    const card = page.getByTestId('result-card').first();
    await card.getByRole('button', { name: 'more data' }).click();
    await card.getByTestId('card-tab-menu').click();
    await card.locator('.dropdown-item', { hasText: 'Lab' }).waitFor();
    await expectAccessible(page, 'SERP analysis card on a phone, tab menu open');
  }, 60_000);

  it('holds in the keyword drawer; the live region says when suggestions are ready', async () => {
    const page = await openPage();
    await signIn(page, 'a11y-kwt');
    await page.goto(ROUTES.keywordTool);
    await page.getByTestId('keyword-input').fill('ice cream');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The progress bar holds the results back for a few seconds; longer on a busy machine.
    await page.getByTestId('keyword-results').waitFor({ timeout: 45_000 });
    await expect
      .poll(() => liveStatus(page).textContent(), { timeout: 5_000 })
      .toMatch(/^\d+ keyword suggestions ready\.$/);
    await expectAccessible(page, 'keyword results');
    // Keyboard: Tab to the first keyword card and Enter opens its drawer.
    await tabTo(page, page.getByTestId('keyword-card').first());
    await expectFocusRing(page.getByTestId('keyword-card').first());
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('keyword-drawer');
    // The top results' source shows once they came, some or none: the suggestions (and so
    // the first card) vary from run to run, and the sandbox index may have nothing for it.
    await drawer.getByText('from sandbox index').waitFor();
    await expectAccessible(page, 'keyword drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'settings', exact: true }).click();
    await page.getByRole('dialog', { name: 'Keyword settings' }).waitFor();
    await expectAccessible(page, 'keyword settings modal');
  }, 90_000);

  it('announces the SERP checker answer', async () => {
    const page = await openPage();
    await signIn(page, 'a11y-rank');
    await page.goto(ROUTES.serpChecker);
    await page.getByLabel('Search term').fill('dog food');
    await page.getByLabel('Your site').fill('example.org');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('rank-result').waitFor();
    expect(await liveStatus(page).textContent()).toBe(LIVE_MESSAGES.rankNotFound('example.org'));
    await expectAccessible(page, 'SERP checker answer');
  }, 60_000);
});

describe('keyboard', () => {
  it('draws a focus ring of at least 2 px wherever Tab lands', async () => {
    const page = await openPage();
    await page.goto(ROUTES.home);
    const pricing = page.getByRole('link', { name: 'Pricing' });
    await tabTo(page, pricing);
    await expectFocusRing(pricing);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pricing');
  });

  it('switches the speed test device with the arrow keys, and closes its alert with Enter', async () => {
    const page = await openPage();
    await signIn(page, 'a11y-keys');
    await page.goto(ROUTES.speedTest);
    const mobile = page.locator('#device-mobile');
    const desktop = page.locator('#device-desktop');
    await page.locator('label[for=device-mobile]').click();
    await page.locator('h1').click();
    await tabTo(page, mobile);
    await expectFocusRing(mobile);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => desktop.isChecked()).toBe(true);

    // Asking for more samples than the plan allows shows the alert.
    await page.getByLabel('Test Samples').selectOption('5');
    const alert = page.getByTestId('speed-alert');
    await alert.waitFor();
    const close = alert.getByRole('button', { name: 'Close' });
    await tabTo(page, close);
    await expectFocusRing(close);
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'detached' });
  }, 60_000);

  it("chooses a card's lab metric with the arrow keys, and toggles a schema filter with Space", async () => {
    const page = await openPage();
    await signIn(page, 'a11y-chips');
    await page.route('**/backend-service/v1/serp-search', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.organic_results = body.organic_results.slice(0, 2);
      delete body.answer_box;
      await route.fulfill({ response, json: body });
    });
    await page.goto(A11Y_SEARCH);
    const card = page.getByTestId('result-card').first();
    await card.getByTestId('result-gauge').waitFor({ timeout: 240_000 });
    const more = card.getByRole('button', { name: 'more data' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    const lab = card.getByRole('tab', { name: 'Lab' });
    await tabTo(page, card.getByRole('tab', { name: 'Content' }));
    // Bootstrap's tabs: the arrow keys move along them and choose.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lab.getAttribute('aria-selected')).toBe('true');
    const chips = card.getByRole('radiogroup', { name: 'Lab metric' });
    const psi = chips.getByRole('radio', { name: 'psi' });
    expect(await psi.isChecked()).toBe(true);
    await tabTo(page, psi);
    await expectFocusRing(psi);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => chips.getByRole('radio', { name: 'fcp' }).isChecked()).toBe(true);
    await card.getByTestId('result-lab').getByText('First Contentful Paint').waitFor();

    const filter = page
      .getByTestId('serp-stats')
      .getByRole('button', { name: /\(\d+\)$/ })
      .first();
    await filter.waitFor();
    // Tab on from the stats card's heading, where a click leaves the keyboard's place.
    await page.getByTestId('serp-stats').getByRole('heading').click();
    await tabTo(page, filter);
    await page.keyboard.press('Space');
    await page.getByTestId('stats-filters').waitFor();
    expect(await filter.getAttribute('aria-pressed')).toBe('true');
  }, 300_000);
});
