import type { Page } from 'playwright-core';

/**
 * On the speed test screen already open: one desktop sample of a sandbox page, started.
 * `sandboxUrl` is 'site/path'; `port` is the app's, which also serves the sandbox hosts.
 */
export async function startDesktopSample(page: Page, port: string | number, sandboxUrl: string) {
  await page.locator('label[for=device-desktop]').click();
  await page.getByLabel('Test Samples').selectOption('1');
  await page
    .getByPlaceholder('Enter a web page URL')
    .fill(sandboxUrl.replace('/', `.sandbox.localhost:${port}/`));
  await page.getByRole('button', { name: 'analyze' }).click();
}
