import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEED_MESSAGES } from '@core/messages';
import { startRecordedServer } from '../server/test/recorded-server';
import { startAppProcess } from '../server/test/app-process';
import { useBrowser } from './support/browser';
import { startDesktopSample } from './support/speed-test';

const h = useBrowser();

async function openSpeedTest(baseUrl: string) {
  const { page, context } = await h.newPage({ baseUrl });
  await page.goto('/website-speed-test');
  return { page, context };
}

describe('speed test with a Chrome UX Report that fails', () => {
  let crux: Awaited<ReturnType<typeof startRecordedServer>>;
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  beforeAll(async () => {
    crux = await startRecordedServer(() => ({
      status: 500,
      json: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
    }));
    app = await startAppProcess(
      { CRUX_API_KEY: 'e2e-crux-key', CRUX_BASE_URL: crux.baseUrl },
      { lab: 'stand-in' },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await crux?.close();
  });

  it('shows the failed lookup and its reason, not a lack of real user data', async () => {
    const { page, context } = await openSpeedTest(app.baseUrl);
    await startDesktopSample(page, app.port, 'bake-street/about');
    const failed = page.getByTestId('field-failed');
    await failed.waitFor({ timeout: 120_000 });
    expect(await failed.textContent()).toBe(
      SPEED_MESSAGES.fieldFailed(
        'The Chrome UX Report API answered 500: Internal error encountered.',
      ),
    );
    await page.getByLabel('Field data scope').selectOption('page');
    await failed.waitFor();
    expect(await page.getByTestId('field-not-enough').count()).toBe(0);
    // The app asked CrUX for the page and its origin, with the key, as a server would.
    expect(crux.requests[0]!.url.searchParams.get('key')).toBe('e2e-crux-key');
    await context.close();
  }, 150_000);
});

describe('speed test on a server without Chromium', () => {
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  beforeAll(async () => {
    app = await startAppProcess({ CHROME_PATH: '/nonexistent' });
  });
  afterAll(async () => app?.stop());

  it('says the browser is missing, and the start route refuses with that reason', async () => {
    const { page, context } = await openSpeedTest(app.baseUrl);
    const alert = page.getByTestId('speed-unavailable');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(SPEED_MESSAGES.browserMissing);
    await page
      .getByPlaceholder('Enter a web page URL')
      .fill(`bake-street.sandbox.localhost:${app.port}/about`);
    await page.getByRole('button', { name: 'analyze' }).click();
    expect(await page.getByTestId('sample-row').count()).toBe(0);
    const res = await fetch(`${app.baseUrl}/backend-service/v1/pagespeed/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://bake-street.sandbox.localhost:${app.port}/about`,
        strategy: 'mobile',
      }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: SPEED_MESSAGES.browserMissing,
      code: 'browser_missing',
    });
    await context.close();
  }, 60_000);
});
