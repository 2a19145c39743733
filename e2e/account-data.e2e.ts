import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_MESSAGES, MESSAGES } from '@core/messages';
import { openSignIn, register, registerByApi, storeSession, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { linkFromOutbox } from './support/outbox';
import { horizontalOverflow } from './support/overflow';

const h = useBrowser();
const PASSWORD = 'correct-horse1';

/** The confirmation toast says `text`. */
const confirmed = (page: Page, text: string) =>
  page.getByTestId('confirmation-toast').getByText(text, { exact: true }).waitFor();

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('speedrank.session') ?? '{}').token);

describe('account data in the browser', () => {
  it('downloads the export, deletes the account with the password and cannot sign in again', async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    const email = uniqueEmail('leaving');
    await page.goto('/');
    await register(page, email, PASSWORD);
    await page.getByRole('link', { name: 'Account' }).click();
    const card = page.getByTestId('account-data-card');
    await card.waitFor();
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await card.screenshot({ path: '/tmp/shots/account-data-1366.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^speedrank-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(JSON.parse(strFromU8(files['profile.json']!)).email).toBe(email);
    expect(strFromU8(files['README.txt']!)).toContain(email);

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByTestId('delete-account-losses').waitFor();
    await dialog.screenshot({ path: '/tmp/shots/account-delete-confirm-1366.png' });
    await expectAccessible(page, 'the confirm step');
    await dialog.getByLabel('Your password, to confirm').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText(ACCOUNT_DATA_MESSAGES.passwordIncorrect).waitFor();
    await dialog.getByLabel('Your password, to confirm').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await confirmed(page, ACCOUNT_DATA_MESSAGES.deleted);
    expect(await storedToken(page)).toBe('');
    await page.getByTestId('header').getByRole('button', { name: 'Sign In' }).waitFor();

    await openSignIn(page);
    const signIn = page.getByTestId('sign-in-form');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await signIn.getByText(MESSAGES.emailNotOnFile).waitFor();
  });

  it('fits a phone, and deletes by the emailed link where nobody is signed in', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const auth = await registerByApi(page, 'by-link');
    await storeSession(page, auth);
    await page.goto('/account');
    const card = page.getByTestId('account-data-card');
    await card.waitFor();
    await card.screenshot({ path: '/tmp/shots/account-data-390.png' });
    expect(await horizontalOverflow(page, 'account page')).toEqual([]);

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Email me a link instead' }).click();
    await dialog.getByTestId('delete-link-sent').waitFor();
    await page.screenshot({ path: '/tmp/shots/account-delete-confirm-390.png' });
    expect(await horizontalOverflow(page, 'confirm step')).toEqual([]);

    const link = await linkFromOutbox(auth.email);
    const { page: elsewhere } = await h.newPage({ width: 390, height: 844 });
    await elsewhere.goto(link);
    await elsewhere.getByTestId('delete-account-losses').waitFor();
    expect(await horizontalOverflow(elsewhere, 'link page')).toEqual([]);
    await expectAccessible(elsewhere, 'the link page');
    await elsewhere.getByRole('button', { name: 'Delete my account for good' }).click();
    await elsewhere.waitForURL((url) => url.pathname === '/');
    await confirmed(elsewhere, ACCOUNT_DATA_MESSAGES.deleted);

    // The link worked once: opened again, it says so.
    await elsewhere.goto(link);
    await elsewhere.getByRole('button', { name: 'Delete my account for good' }).click();
    await elsewhere
      .getByTestId('delete-account-error')
      .getByText(ACCOUNT_DATA_MESSAGES.linkUnusable)
      .waitFor();
  });
});
