import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for the page's finite animations and transitions to end: a modal still fading in has
 * its text at part opacity, which axe measures as too little contrast.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** axe's serious and critical violations on the page, each with the elements it found. */
export async function seriousViolations(page: Page, what: string): Promise<string[]> {
  await settled(page);
  // Without frames to gather results from, axe runs in the page itself ('legacy mode'):
  // the same findings (compared on every route) in half the time, as the default opens a
  // blank page per check to merge frames' results in.
  const axe = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
}

export async function expectAccessible(page: Page, what: string) {
  const found = await seriousViolations(page, what);
  expect(found, found.join('\n')).toEqual([]);
}
