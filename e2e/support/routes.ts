import type { Page } from 'playwright-core';
import { GATE_RULES, type GatedTool } from '@core/journey';
import { ROUTES } from '@core/routes';
import { STORAGE_KEYS } from '../../web/src/app/storage';

/** The tools' pages, by the tool whose gate rule they follow. */
const GATED_TOOL_PATHS: Record<GatedTool, string> = {
  serpAnalysis: ROUTES.serpAnalysis,
  serpChecker: ROUTES.serpChecker,
  speedTest: ROUTES.speedTest,
  keywords: ROUTES.keywordTool,
  mixlab: ROUTES.mixlab,
};

/** The pages whose account gate opens for a visitor on arrival (after its delay). */
const GATED_ON_ARRIVAL = new Set(
  (Object.keys(GATE_RULES) as GatedTool[])
    .filter((tool) => GATE_RULES[tool].trigger === 'arrival')
    .map((tool) => GATED_TOOL_PATHS[tool]),
);

/** The session token the page holds in storage, or null. */
export const storedToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? null,
    STORAGE_KEYS.session,
  );

/**
 * Opens `path` and waits for its heading. A visitor on a tool whose account gate opens on
 * arrival also waits for the gate; signed in, it waits for the page-load refresh to store the token that replaces the
 * stored one, since the next page load would otherwise present the revoked one.
 */
export async function visitRoute(page: Page, path: string, visitor: boolean) {
  const before = visitor ? null : await storedToken(page);
  await page.goto(path);
  await page.locator('main').locator('h1, h2').first().waitFor();
  if (visitor && GATED_ON_ARRIVAL.has(path)) await page.getByTestId('account-gate').waitFor();
  // Waited for in the page, not by vitest's expect.poll: that must know its test, which it
  // does not among tests running side by side (the accessibility walks).
  if (before)
    await page.waitForFunction(
      ([key, stored]) =>
        ((JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? null) !==
        stored,
      [STORAGE_KEYS.session, before] as const,
      { polling: 50 },
    );
}
