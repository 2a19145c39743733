import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { authResponseSchema, type AuthResponse } from '@core/schemas/auth';
import { sessionFromAuth } from '@core/schemas/session';
import { STORAGE_KEYS } from '../../web/src/app/storage';

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${counter++}@example.com`;

/** Registers an account through the API, as the create-account form would. */
export async function registerByApi(page: Page, prefix?: string): Promise<AuthResponse> {
  const response = await page.request.post('/backend-service/v1/auth/register', {
    data: { name: 'Casey', email: uniqueEmail(prefix), password: 'correct-horse1' },
  });
  return authResponseSchema.parse(await response.json());
}

/** Opens the header's sign-in modal. */
export async function openSignIn(page: Page) {
  await page.getByTestId('header').getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('sign-in-form').waitFor();
}

/** Creates an account in the sign-in modal of the page on screen. */
export async function register(page: Page, email: string, password: string, name = 'Robin') {
  await openSignIn(page);
  await page.getByRole('button', { name: 'Create an account here' }).click();
  const form = page.getByTestId('create-account-form');
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await page.getByRole('link', { name: 'Account' }).waitFor();
}

/** Runs statements on the e2e server's SQLite file (plans, used quotas). */
export function withDb(run: (db: Database.Database) => void) {
  const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'));
  try {
    run(db);
  } finally {
    db.close();
  }
}

export const setPlan = (userId: string, planId: number) =>
  withDb((db) => db.prepare('update users set plan_id = ? where id = ?').run(planId, userId));

/** Stores the session as a returning user's would be, before the app loads. */
export async function storeSession(page: Page, auth: AuthResponse) {
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.session, JSON.stringify(sessionFromAuth(auth))],
  );
}

/** A visitor picks a plan on the pricing page, creates an account, and lands on /payment. */
export async function registerFromPricing(page: Page, planTestId: string) {
  await page.goto('/pricing');
  await page
    .getByTestId(planTestId)
    .getByRole('button', { name: /pay with stripe/ })
    .click();
  const form = page.getByTestId('create-account-form');
  await form.getByLabel('Email').fill(uniqueEmail('buyer'));
  await form.getByLabel('Password', { exact: true }).fill('buyer-pass1');
  await form.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  // After signing up from a plan card, the visitor goes on to pay.
  await page.waitForURL('**/payment');
}
