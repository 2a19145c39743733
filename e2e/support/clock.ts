import type { Page } from 'playwright-core';

/**
 * Moves the page's installed clock on by `ms`, firing the timers due, then lets the page
 * run what they scheduled (React renders on a message, not a timer): a check made after it
 * sees what the time passed would have shown.
 */
export async function passTime(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
  );
}
