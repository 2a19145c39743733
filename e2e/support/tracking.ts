import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { authResponseSchema } from '@core/schemas/auth';
import { sessionFromAuth } from '@core/schemas/session';
import { trackPageHref } from '../../web/src/app/recent-pages';
import { STORAGE_KEYS } from '../../web/src/app/storage';
import { uniqueEmail } from './accounts';

/** The staging page the tracking tests check: small, fast unless told otherwise. */
export const STAGING_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Staging shop</title></head>
<body><h1>Staging shop</h1><p>Fresh bread every morning.</p></body></html>`;

/** Signs up on `baseUrl` (an app of the test's own) and keeps the session, as a returning user. */
export async function signUpOn(page: Page, baseUrl: string, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await page.request.post(`${baseUrl}/backend-service/v1/auth/register`, {
    data: { name: 'Casey', email, password: 'correct-horse1' },
  });
  const auth = authResponseSchema.parse(await registered.json());
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.session, JSON.stringify(sessionFromAuth(auth))],
  );
  return email;
}

/** Tracks `url` through the form 'track this page' opens, one sample per check. */
export async function trackThroughForm(
  page: Page,
  url: string,
  fill: (form: ReturnType<Page['getByTestId']>) => Promise<void> = async () => {},
) {
  await page.goto(trackPageHref(url));
  const form = page.getByTestId('tracked-page-form');
  expect(await form.getByLabel('Page URL').inputValue()).toBe(url);
  await form.getByLabel('Samples per check').selectOption('1');
  await fill(form);
  await form.getByRole('button', { name: 'Track page' }).click();
  await page.getByTestId('tracked-url').filter({ hasText: url }).waitFor();
}

/** 'Run now', then waits for the check to end and the table to list `checks` checks. */
export async function runNowAndWait(page: Page, checks: number) {
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByTestId('page-status').filter({ hasText: 'Checking now' }).waitFor();
  await page
    .getByTestId('page-status')
    .filter({ hasNotText: 'Checking now' })
    .waitFor({ timeout: 150_000 });
  await showView(page, 'table');
  await expect.poll(() => page.getByTestId('history-row').count()).toBe(checks);
}

/** The history's charts or table (radio buttons drawn as buttons: their labels are clicked). */
export const showView = (page: Page, view: 'chart' | 'table') =>
  page.locator(`label[for="history-view-${view}"]`).click();
