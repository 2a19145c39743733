import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { registerByApi, storeSession, withDb } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('journeys across the tools', () => {
  it('signs out on a tool page whose token the server revoked, and opens the sign-in gate', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'journey');
    await storeSession(page, auth);
    await page.goto('/');
    await page.getByRole('link', { name: 'Account' }).waitFor();
    // The page-load refresh replaced the token; revoke every session of the user now.
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
