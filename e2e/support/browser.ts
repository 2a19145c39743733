import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { SITE_CONFIG_SCRIPT_ID } from '@core/embedded';
import { CHROMIUM_FLAGS } from '../../server/src/providers/lab-speed/chromium-flags';
import { startAppProcess } from '../../server/test/app-process';
import { E2E_APP_ENV } from './global-setup';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface BrowserHarness {
  readonly browser: Browser;
  /** The app this file's pages open (the suite's, or the file's own). */
  readonly baseUrl: string;
  /** A fresh context (empty storage) and page per call. */
  newPage(options?: {
    width?: number;
    height?: number;
    /** False shows what a page is before its script runs. */
    javaScript?: boolean;
    /** Another app than the suite's (one started with other settings). */
    baseUrl?: string;
    /** The browser's IANA time zone; the machine's by default. */
    timeZone?: string;
  }): Promise<{ page: Page; context: BrowserContext }>;
}

/**
 * One Chromium per test file, launched from Debian's package; never downloaded. Its pages
 * open the suite's app (global-setup.ts), whose lab is a stand-in; in project e2e-lab, where
 * Lighthouse measures, an app of the file's own, so that no other file's runs are under way
 * beside its own.
 */
export function useBrowser(): BrowserHarness {
  const lab = inject('lab');
  let browser: Browser | undefined;
  let ownApp: Awaited<ReturnType<typeof startAppProcess>> | undefined;
  /** Contexts opened outside a test (a hook's) or by concurrent tests, closed with the browser. */
  const fileContexts: BrowserContext[] = [];
  /** The running test's contexts, or null between tests and while concurrent ones run. */
  let testContexts: BrowserContext[] | null = null;
  let baseUrl = inject('baseUrl');
  beforeAll(async () => {
    [browser, ownApp] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
      lab === 'lighthouse' ? startAppProcess(E2E_APP_ENV, { lab }) : undefined,
    ]);
    if (ownApp) baseUrl = ownApp.baseUrl;
  }, 90_000);
  beforeEach(({ task }) => {
    testContexts = task.concurrent ? null : [];
  });
  // A finished test's pages would go on polling, animating and refreshing tokens, a
  // renderer each, slowing every test after it: closed as the test ends.
  afterEach(async () => {
    const ended = testContexts ?? [];
    testContexts = null;
    await Promise.all(ended.map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all(fileContexts.map((c) => c.close()));
    await browser?.close();
    await ownApp?.stop();
  });
  return {
    get browser() {
      if (!browser) throw new Error('browser not launched yet');
      return browser;
    },
    get baseUrl() {
      return baseUrl;
    },
    async newPage({
      width = 1280,
      height = 800,
      javaScript = true,
      baseUrl: base,
      timeZone,
    }: Parameters<BrowserHarness['newPage']>[0] = {}) {
      if (!browser) throw new Error('browser not launched yet');
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: base ?? baseUrl,
        javaScriptEnabled: javaScript,
        ...(timeZone ? { timezoneId: timeZone } : {}),
      });
      (testContexts ?? fileContexts).push(context);
      // Every tab of the context, a test's second one too, waits for the app to take over.
      const newTab = context.newPage.bind(context);
      context.newPage = async () => {
        const tab = await newTab();
        if (javaScript) await actOnTheApp(tab);
        return tab;
      };
      const page = await context.newPage();
      return { page, context };
    },
  };
}

/**
 * A page arrives with its first screen prerendered, whose buttons do nothing until the app's
 * first render replaces it: a test that loads a page goes on once the app has taken over, as
 * a person's click would only then do anything.
 */
async function actOnTheApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as { prerendered: Element | null };
      w.prerendered = document.getElementById('root')?.firstElementChild ?? null;
    });
  });
  const started = () =>
    page.waitForFunction((configId) => {
      // Only the app's pages (which embed its config) have a prerender to replace.
      if (!document.getElementById(configId)) return true;
      const first = document.getElementById('root')?.firstElementChild;
      return (
        Boolean(first) &&
        first !== (window as unknown as { prerendered: Element | null }).prerendered
      );
    }, SITE_CONFIG_SCRIPT_ID);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}
