import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS } from '../../server/src/providers/lab-speed/chromium-flags';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface BrowserHarness {
  readonly browser: Browser;
  baseUrl: string;
  /** A fresh context (empty storage) and page per call. */
  newPage(options?: {
    width?: number;
    height?: number;
  }): Promise<{ page: Page; context: BrowserContext }>;
}

/** One Chromium per test file, launched from Debian's package; never downloaded. */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('browser not launched yet');
      return browser;
    },
    baseUrl,
    async newPage({ width = 1280, height = 800 } = {}) {
      if (!browser) throw new Error('browser not launched yet');
      const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      return { page, context };
    },
  };
}
