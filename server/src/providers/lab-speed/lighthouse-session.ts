import puppeteer, { type Page } from 'puppeteer-core';
import { loadsPage } from '@core/flows/flow-result';
import { redactSecrets } from '@core/flows/redact';
import { FLOW_MESSAGES, SIGN_IN_MESSAGES } from '@core/messages';
import { isAction, performAction, secretReader } from './flow-actions';
import type { LighthouseJob } from './lighthouse-protocol';

/** Signing in failed: the message names the step and is free of the secrets' values. */
export class SignInFailure extends Error {}

/**
 * Runs `measure` on a page of a browser context of its own, signed in as `job.session` says:
 * the sign-in flow's page loads and actions, then the cookies for the measured page's host.
 * The context is closed after, with every cookie in it.
 */
export async function inSession<T>(
  job: LighthouseJob & { session: NonNullable<LighthouseJob['session']> },
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${job.port}`,
    defaultViewport: null,
  });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await signIn(page, job);
    return await measure(page);
  } finally {
    await context.close().catch(() => undefined);
    await browser.disconnect();
  }
}

async function signIn(
  page: Page,
  job: LighthouseJob & { session: NonNullable<LighthouseJob['session']> },
): Promise<void> {
  const { steps, cookies, secrets, stepTimeoutMs, loadTimeoutMs } = job.session;
  const context = {
    page,
    timeoutMs: stepTimeoutMs,
    secret: secretReader(secrets),
  };
  for (const [index, step] of steps.entries()) {
    try {
      if (step.kind === 'navigate') {
        const answer = await page.goto(step.url, { waitUntil: 'load', timeout: loadTimeoutMs });
        const status = answer?.status() ?? 0;
        if (status >= 400) throw new Error(FLOW_MESSAGES.pageStatus(status));
      } else if (isAction(step) && loadsPage(step)) {
        await Promise.all([
          page.waitForNavigation({ waitUntil: 'load', timeout: loadTimeoutMs }),
          performAction(step, context),
        ]);
      } else if (isAction(step)) {
        await performAction(step, context);
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new SignInFailure(
        SIGN_IN_MESSAGES.signInFailed(index + 1, redactSecrets(why, Object.values(secrets))),
      );
    }
  }
  // Host-only cookies of the measured page: they go nowhere else.
  if (cookies.length > 0)
    await page.setCookie(...cookies.map(({ name, value }) => ({ name, value, url: job.url })));
}
