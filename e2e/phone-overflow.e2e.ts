import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES, SETTINGS_LINK_PATHS } from '@core/routes';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';
import { startDesktopSample } from './support/speed-test';
import { trackThroughForm } from './support/tracking';

const h = useBrowser();
const port = () => new URL(h.baseUrl).port;

/** A phone's window; no transitions, so that a modal is measured where it comes to rest. */
async function openPhone() {
  const { page } = await h.newPage({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

async function signIn(page: Page, prefix: string) {
  await storeSession(page, await registerByApi(page, prefix));
}

/** A modal the header's collapsed menu opens. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByTestId('header').getByRole('button', { name, exact: true }).click();
}

/**
 * The boxes in `scope` that hide part of their content until scrolled sideways: allowed by
 * the page-wide check, but a phone should see a speed test's figures and frames whole.
 */
const sidewaysScrollers = (scope: Locator) =>
  scope.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => el.getAttribute('data-testid') ?? el.className),
  );

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('.modal').waitFor({ state: 'detached' });
}

describe('on a phone (390×844) nothing is wider than the screen', () => {
  // Every route itself is walked at 390 px in accessibility.e2e.ts, with axe and this check.
  it('in the sign-in modal and in the account gate', async () => {
    const page = await openPhone();
    const found: string[] = [];

    await page.goto(ROUTES.keywordTool);
    await page.getByTestId('account-gate').getByTestId('gate-message').waitFor();
    found.push(...(await horizontalOverflow(page, 'account gate')));

    await page.goto(ROUTES.home);
    await openFromMenu(page, 'Sign In');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account here' }).waitFor();
    found.push(...(await horizontalOverflow(page, 'sign-in modal')));
    await dialog.getByRole('button', { name: 'Create an account here' }).click();
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).waitFor();
    found.push(...(await horizontalOverflow(page, 'create-account modal')));
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);

  it('signed in, with a tracked page, a chosen plan and the settings modals', async () => {
    const page = await openPhone();
    await signIn(page, 'phone-routes');
    const found: string[] = [];

    await visitRoute(page, ROUTES.account, false);
    await page.getByTestId('plan-line').waitFor();
    found.push(...(await horizontalOverflow(page, 'account with its plan')));

    await trackThroughForm(page, `http://bake-street.sandbox.localhost:${port()}/about`);
    // The first check may still run (no checks yet) or have ended (its charts) by now.
    await page.getByTestId('no-checks').or(page.getByTestId('history-chart').first()).waitFor();
    found.push(...(await horizontalOverflow(page, 'a tracked page')));

    await visitRoute(page, ROUTES.pricing, false);
    await page
      .getByTestId('plan-lite')
      .getByRole('button', { name: /pay with stripe/ })
      .click();
    await page.getByRole('heading', { name: 'Lite Plan Payment' }).waitFor();
    found.push(...(await horizontalOverflow(page, 'payment for the Lite plan')));

    for (const path of SETTINGS_LINK_PATHS) {
      await visitRoute(page, path, false);
      await openFromMenu(page, 'Settings');
      await page.getByRole('dialog', { name: 'Settings' }).getByRole('button').first().waitFor();
      found.push(...(await horizontalOverflow(page, `settings modal on ${path}`)));
      await closeDialog(page);
    }

    await visitRoute(page, ROUTES.keywordTool, false);
    await page.getByRole('button', { name: 'settings', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Keyword settings' })
      .getByRole('button')
      .first()
      .waitFor();
    found.push(...(await horizontalOverflow(page, 'keyword settings modal')));
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);

  it('in a speed test result, and in its comparison with an earlier test of the page', async () => {
    const page = await openPhone();
    await signIn(page, 'phone-speed');
    await page.goto(ROUTES.speedTest);
    const oneSample = page
      .getByTestId('lab-average')
      .getByText('Desktop PSI scores averaged across 1 sample', { exact: true });
    await startDesktopSample(page, port(), 'bake-street/faq');
    await oneSample.waitFor({ timeout: 150_000 });
    const representative = page.getByTestId('representative-run');
    await representative.getByTestId('timed-filmstrip').waitFor();
    const found = await horizontalOverflow(page, 'speed test result');
    expect(await sidewaysScrollers(representative)).toEqual([]);

    await page.getByRole('button', { name: 'analyze' }).click();
    await page.getByTestId('lab-average').waitFor({ state: 'detached' });
    await oneSample.waitFor({ timeout: 150_000 });
    const comparison = page.getByTestId('test-comparison');
    await comparison.getByTestId('aligned-filmstrips').waitFor({ timeout: 30_000 });
    found.push(...(await horizontalOverflow(page, 'speed test comparison')));
    expect(await sidewaysScrollers(comparison)).toEqual([]);
    // Every metric's figures, the difference and its significance included, on the screen.
    expect(await comparison.getByTestId('comparison-row').count()).toBe(6);
    expect(await comparison.getByText('Significant?', { exact: true }).count()).toBe(6);
    expect(found, found.join('\n')).toEqual([]);
  }, 360_000);
});
