import { describe, expect, it } from 'vitest';
import { PRO_MESSAGES } from '@core/messages';
import { registerByApi, setPlan, storeSession, uniqueEmail, withDb } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('Pro teaser', () => {
  it('validates the address, then answers Success and keeps it', async () => {
    const { page } = await h.newPage();
    await page.goto('/pro');
    await page.getByText('The paid version launches January 2021.').waitFor();
    // A visitor's header keeps the plain brand.
    expect(await page.getByTestId('brand').getByText('Pro', { exact: true }).count()).toBe(0);
    const form = page.getByTestId('pro-demo-form');
    const submit = form.getByRole('button', { name: 'Request a demo' });

    await submit.click();
    await form.getByText(PRO_MESSAGES.emailRequired).waitFor();

    await form.getByLabel('Email').fill('nope');
    await submit.click();
    await form.getByText(PRO_MESSAGES.emailInvalid).waitFor();
    expect(await form.getByText(PRO_MESSAGES.emailRequired).count()).toBe(0);

    const email = uniqueEmail('pro');
    await form.getByLabel('Email').fill(email.toUpperCase());
    await submit.click();
    await page.getByRole('status').getByText(PRO_MESSAGES.success, { exact: true }).waitFor();
    let stored: unknown[] = [];
    withDb((db) => {
      stored = db.prepare('select email from demo_requests where email = ?').all(email);
    });
    expect(stored).toEqual([{ email }]);
  });

  it('shows the Pro brand in the header for a plan 4 user', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page);
    setPlan(auth.userId, 4);
    await storeSession(page, auth);
    await page.goto('/pro');
    await page.getByTestId('brand').getByText('Pro', { exact: true }).waitFor();
  });
});
