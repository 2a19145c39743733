import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { TOOL_PATHS } from '@core/routes';
import { STORAGE_KEYS } from '../../web/src/app/storage';

/** The visitor's account gate opens a second after arrival on some tools. */
const GATE_DELAY_MS = 1_500;

/** The session token the page holds in storage, or null. */
export const storedToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? null,
    STORAGE_KEYS.session,
  );

/**
 * Opens `path` and waits for its heading. A visitor on a tool also waits for the account
 * gate; signed in, it waits for the page-load refresh to store the token that replaces the
 * stored one, since the next page load would otherwise present the revoked one.
 */
export async function visitRoute(page: Page, path: string, visitor: boolean) {
  const before = visitor ? null : await storedToken(page);
  await page.goto(path);
  await page.locator('main').locator('h1, h2').first().waitFor();
  if (visitor && TOOL_PATHS.includes(path)) await page.waitForTimeout(GATE_DELAY_MS);
  if (before) await expect.poll(() => storedToken(page)).not.toBe(before);
}
