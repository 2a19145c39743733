import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CONFIRMATION_MESSAGES, MESSAGES } from '@core/messages';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { openSignIn, register, registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { passTime } from './support/clock';
import { linkFromOutbox } from './support/outbox';

const h = useBrowser();
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@example.com`;

/** The confirmation toast on screen and in its live region, with `text`. */
async function confirmed(page: Page, text: string) {
  await page.getByTestId('confirmation-toast').getByText(text, { exact: true }).waitFor();
  expect(await page.getByTestId('confirmation-status').textContent()).toBe(text);
}

/** An account registered in a browser of its own; returns its email. */
async function registeredElsewhere(tag: string, password: string): Promise<string> {
  const { page } = await h.newPage();
  const email = uniqueEmail(tag);
  await page.goto('/');
  await register(page, email, password);
  return email;
}

/** Asks for a secure link from the sign-in modal of the page on screen. */
async function requestSecureLink(page: Page, email: string) {
  await openSignIn(page);
  await page.getByRole('button', { name: 'get a secure link to sign in' }).click();
  await page.waitForURL('**/secure-link');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Send link' }).click();
  await page.getByText(MESSAGES.checkYourEmail).waitFor();
}

describe('accounts in the browser', () => {
  it('registers, logs out and signs in again', async () => {
    const { page } = await h.newPage();
    const email = uniqueEmail('reg');
    await page.clock.install();
    await page.goto('/');
    await register(page, email, 'correct-horse1');
    await confirmed(page, CONFIRMATION_MESSAGES.registered('Robin'));
    // It goes by itself after its 6 s, and says nothing more.
    await passTime(page, 5_000);
    expect(await page.getByTestId('confirmation-toast').count()).toBe(1);
    await passTime(page, 1_100);
    await page.getByTestId('confirmation-toast').waitFor({ state: 'detached' });
    expect(await page.getByTestId('confirmation-status').textContent()).toBe('');

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByTestId('account-email').getByText(email).waitFor();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Free Plan');
    await page.getByTestId('remaining-serp').getByText('10').waitFor();
    expect(await page.getByRole('link', { name: 'Change plan' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('speedrank.session') ?? '{}'),
    );
    expect(stored.token).toBe('');
    expect(stored.email).toBe('');

    await openSignIn(page);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await form.getByText(MESSAGES.passwordIncorrect).waitFor();
    await form.getByLabel('Password', { exact: true }).fill('correct-horse1');
    await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await page.getByRole('link', { name: 'Account' }).waitFor();
  });

  it('shows the fixed messages for bad input and unknown or taken emails', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await openSignIn(page);
    const signIn = page.getByTestId('sign-in-form');
    await signIn.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await signIn.getByText(MESSAGES.emailRequired).waitFor();
    await signIn.getByLabel('Email').fill('not-an-email');
    await signIn.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await signIn.getByText(MESSAGES.emailInvalidSignIn).waitFor();
    await signIn.getByLabel('Email').fill(uniqueEmail('nobody'));
    await signIn.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await signIn.getByText(MESSAGES.emailNotOnFile).waitFor();

    await page.getByRole('button', { name: 'Create an account here' }).click();
    const create = page.getByTestId('create-account-form');
    await create.getByLabel('Email').fill('bad@');
    await create.getByLabel('Password', { exact: true }).fill('short');
    await create.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await create.getByText(MESSAGES.emailInvalidCreate).waitFor();
    await create.getByText(MESSAGES.passwordLength).waitFor();
    expect(await create.getByText('8 - 16 characters').count()).toBe(1);

    const toggle = create.getByRole('button', { name: 'Show password' });
    await toggle.click();
    expect(await create.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('signs in with a secure link read from the outbox', async () => {
    const email = await registeredElsewhere('link', 'secure-pass1');
    const { page } = await h.newPage();
    await page.goto('/serp-checker');
    // A visitor's account gate opens a second after arrival here; a click on the header's
    // Sign In just as it opens would land on its backdrop.
    const gate = page.getByTestId('account-gate');
    await gate.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await gate.waitFor({ state: 'hidden' });
    await requestSecureLink(page, email);

    const link = await linkFromOutbox(email);
    expect(link).toContain('origin=s');
    expect(new URL(link).pathname).toBe('/serp-checker');
    await page.goto(link);
    await page.getByRole('link', { name: 'Account' }).waitFor();
    await page.waitForURL(
      (url) => url.pathname === '/serp-checker' && !url.search.includes('token'),
    );
    await confirmed(page, CONFIRMATION_MESSAGES.signedInAs(email));

    // The link works once.
    const { page: again } = await h.newPage();
    await again.goto(link);
    await again.getByTestId('link-error').waitFor();
  });

  it("returns a secure-link sign-in started on SERP analysis to its search, re-run with the link's settings", async () => {
    const email = await registeredElsewhere('serp-link', 'serp-pass-1');
    const { page } = await h.newPage();
    await page.goto('/');
    // A visitor who searched on SERP analysis with German settings.
    const german = { deviceType: 1, googleDomain: 'google.de', country: 'de', language: 'de' };
    await page.evaluate(
      ([settingsKey, settings, termKey]) => {
        localStorage.setItem(settingsKey!, settings!);
        localStorage.setItem(termKey!, JSON.stringify('stock tickers'));
      },
      [STORAGE_KEYS.settings, JSON.stringify(german), STORAGE_KEYS.searchTerm],
    );
    await page.goto('/serp-analysis-tool');
    await requestSecureLink(page, email);

    const link = new URL(await linkFromOutbox(email));
    expect(link.pathname).toBe('/serp-analysis-tool');
    expect(link.searchParams.get('country')).toBe('de');
    // Opened where the email is read: a browser that kept nothing of the search.
    const { page: reader } = await h.newPage();
    await reader.goto(link.toString());
    await reader.waitForURL(
      (url) =>
        url.pathname === '/serp-analysis-tool' &&
        !url.searchParams.has('token') &&
        url.searchParams.get('searchTerm') === 'stock tickers',
    );
    await reader.getByRole('link', { name: 'Account' }).waitFor();
    await reader.getByTestId('result-card').first().waitFor({ timeout: 60_000 });
    const stored = await reader.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.settings);
    expect(JSON.parse(stored!)).toMatchObject({ country: 'de', language: 'de' });
    const token = await reader.evaluate(
      (key) => JSON.parse(localStorage.getItem(key)!).token as string,
      STORAGE_KEYS.session,
    );
    const server = await reader.request.get(`${h.baseUrl}/backend-service/v1/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await server.json()).toMatchObject({ country: 'de', language: 'de' });
  }, 90_000);

  it('tells the server where and in which time zone each sign-in happens, for emails', async () => {
    const email = uniqueEmail('zone');
    const stored = () => {
      const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'), {
        readonly: true,
      });
      const row = db
        .prepare('select sign_in_origin, time_zone from users where email = ?')
        .get(email);
      db.close();
      return row;
    };
    const { page: tokyo } = await h.newPage({ timeZone: 'Asia/Tokyo' });
    await tokyo.goto('/');
    await register(tokyo, email, 'zone-pass-1');
    const origin = new URL(h.baseUrl).origin;
    expect(stored()).toEqual({ sign_in_origin: origin, time_zone: 'Asia/Tokyo' });

    const { page } = await h.newPage({ timeZone: 'America/New_York' });
    await page.goto('/secure-link');
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Send link' }).click();
    await page.getByText(MESSAGES.checkYourEmail).waitFor();
    const link = await linkFromOutbox(email);
    expect(new URL(link).origin).toBe(origin);
    await page.goto(link);
    await page.getByRole('link', { name: 'Account' }).waitFor();
    expect(stored()).toEqual({ sign_in_origin: origin, time_zone: 'America/New_York' });
  });

  it('resets a password through the emailed link', async () => {
    const { page } = await h.newPage();
    const email = uniqueEmail('reset');
    await page.goto('/');
    await register(page, email, 'old-password1');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();

    await openSignIn(page);
    await page.getByRole('button', { name: 'Reset it' }).click();
    await page.waitForURL('**/reset-password-request');
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Send link' }).click();
    await page.getByText(MESSAGES.checkYourEmail).waitFor();
    await page.getByRole('button', { name: 'resend email' }).click();
    await page.getByTestId('resend-help').waitFor();

    const link = await linkFromOutbox(email);
    expect(link).toContain('origin=p');
    await page.goto(link);
    await page.waitForURL('**/reset-password');
    await page.getByLabel('New password').fill('new-password1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByLabel('Password saved').waitFor();
    await confirmed(page, CONFIRMATION_MESSAGES.passwordChanged);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await openSignIn(page);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('new-password1');
    await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await page.getByRole('link', { name: 'Account' }).waitFor();
  });

  it('says there is no token on the reset screen without one', async () => {
    const { page } = await h.newPage();
    await page.goto('/reset-password');
    await page.getByLabel('New password').fill('whatever-pass1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(MESSAGES.noResetToken).waitFor();
  });

  it('lets a legacy user without a password create one', async () => {
    const email = uniqueEmail('legacy');
    const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'));
    const now = new Date().toISOString();
    db.prepare(
      `insert into users (id, email, name, password_hash, google_sub, plan_id, billing_cycle,
        renews_at, cancels_at, created_at, updated_at)
       values (?, ?, 'Old Timer', null, null, 1, 1, null, null, ?, ?)`,
    ).run(crypto.randomUUID(), email, now, now);
    db.close();

    const { page } = await h.newPage();
    await page.goto('/');
    await openSignIn(page);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    const gate = page.getByTestId('create-password-form');
    await gate.waitFor();
    await gate.getByLabel('Password', { exact: true }).fill('legacy-pass1');
    await gate.getByRole('button', { name: 'CREATE PASSWORD' }).click();
    await page.getByText(MESSAGES.checkYourEmail).waitFor();

    const link = await linkFromOutbox(email);
    await page.goto(link);
    await page.getByRole('link', { name: 'Account' }).waitFor();

    const { page: other } = await h.newPage();
    await other.goto('/');
    await openSignIn(other);
    const again = other.getByTestId('sign-in-form');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password', { exact: true }).fill('legacy-pass1');
    await again.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await other.getByRole('link', { name: 'Account' }).waitFor();
  });

  it('opens the gate 15 s after settings close for a visitor with a search term', async () => {
    const { page } = await h.newPage();
    await page.clock.install();
    await page.goto('/serp-analysis-tool');
    await page.evaluate(() =>
      localStorage.setItem('speedrank.searchTerm', JSON.stringify('dog food')),
    );
    await page.reload();

    const openSettings = () =>
      page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    await openSettings();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.clock.runFor(14_000);
    expect(await page.getByTestId('gate-message').count()).toBe(0);
    // Reopening settings cancels the timer.
    await openSettings();
    await page.clock.runFor(5_000);
    expect(await page.getByTestId('gate-message').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.clock.runFor(15_500);
    await page.getByTestId('gate-message').getByText(MESSAGES.createAccountGate).waitFor();
  });

  it('signs out and opens the sign-in gate when the stored token is invalid', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'speedrank.session',
        JSON.stringify({
          name: 'X',
          email: 'x@example.com',
          userId: 'nope',
          token: 'not-a-real-token',
          planId: 2,
          renewDate: null,
          billingCycle: 1,
          cancelDate: null,
          google: false,
        }),
      ),
    );
    await page.reload();
    await page.getByTestId('account-gate').getByTestId('sign-in-form').waitFor();
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('speedrank.session') ?? '{}'),
    );
    expect(stored.token).toBe('');
  });

  it('stays signed in when a page was left before its token refresh answered', async () => {
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page, 'quick-nav'));
    // The server rotates the token, but the page is gone before the answer arrives: the
    // next page presents the old token, as quick navigation or two tabs opened together do.
    let dropped = 0;
    await page.route('**/backend-service/v1/auth/refresh', async (route) => {
      if (dropped > 0) return route.continue();
      dropped++;
      await route.fetch();
      return route.abort();
    });
    await page.goto('/pricing');
    await expect.poll(() => dropped).toBe(1);
    const token = () =>
      page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token,
        STORAGE_KEYS.session,
      );
    const presented = await token();
    await page.goto('/account');
    // The old token is refreshed once more, not refused: a new one is stored, not a blank.
    await expect.poll(token, { timeout: 10_000 }).not.toBe(presented);
    expect(await token()).not.toBe('');
    await page.reload();
    await page.getByTestId('plan-line').waitFor();
  });
});
