import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { startAppProcess } from '../server/test/app-process';
import { useBrowser } from './support/browser';

const h = useBrowser();
const OPS_TOKEN = 'an-operators-token-of-at-least-32-characters';

describe('the operators’ search providers page', () => {
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  beforeAll(async () => {
    // No SERP key: the sandbox index is the chain, and costs nothing.
    app = await startAppProcess({ OPS_TOKEN }, { lab: 'stand-in' });
  }, 60_000);
  afterAll(async () => app?.stop());

  it('says a wrong token was refused, then shows the chain with the right one', async () => {
    // One search, so that the sandbox index has a call to show.
    const search = await fetch(`${app.baseUrl}/backend-service/v1/serp-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchTerm: 'ice cream parlor' }),
    });
    expect(search.status).toBe(200);

    // Prerendered like every page (no window there, so no stored token: the form).
    const html = await (await fetch(`${app.baseUrl}${ROUTES.opsProviders}`)).text();
    expect(html).toContain('Operators’ token (OPS_TOKEN)');

    const { page } = await h.newPage({ baseUrl: app.baseUrl });
    await page.goto(ROUTES.opsProviders);
    const token = page.getByLabel('Operators’ token (OPS_TOKEN)');
    await token.fill('a-wrong-token-of-at-least-32-characters-too');
    await page.getByRole('button', { name: 'Show providers' }).click();
    await page.getByTestId('ops-token-refused').waitFor();
    expect(await page.getByTestId('ops-token-refused').textContent()).toContain(
      'The server refused this token (401)',
    );

    await token.fill(OPS_TOKEN);
    await page.getByRole('button', { name: 'Show providers' }).click();
    const row = page.getByTestId('ops-provider-sandbox');
    await row.waitFor();
    const cells = await row.locator('td, th').allTextContents();
    // #, provider, calls, failures, results, last error, price, estimated cost.
    expect(cells.slice(0, 4)).toEqual(['1', 'sandbox index', '1', '0']);
    expect(Number(cells[4])).toBeGreaterThan(0);
    expect(cells.slice(5)).toEqual(['-', '$0.00', '$0.00']);
    expect(await page.getByTestId('ops-token-refused').count()).toBe(0);

    // Kept for this tab only: a reload shows the table without asking again.
    expect(await page.evaluate(() => sessionStorage.getItem('speedrank.opsToken'))).toBe(OPS_TOKEN);
    expect(await page.evaluate(() => localStorage.getItem('speedrank.opsToken'))).toBeNull();
    await page.reload();
    await page.getByTestId('ops-providers-table').waitFor();
  });
});
