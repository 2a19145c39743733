import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '@core/messages';
import { sharedManifest } from '@sandbox';
import { registerByApi, storeSession } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

const h = useBrowser();
const port = () => Number(new URL(h.baseUrl).port);
const RECORDING = new URL(
  '../server/src/flows/fixtures/recorder-petshop-cart.json',
  import.meta.url,
);

describe('user flows in the browser (real Lighthouse runs)', () => {
  it("keeps a secret, imports the shop's Recorder file, types the password by the secret, runs it once and shows a card per step", async () => {
    const shop = sharedManifest(port()).shopAccount;
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page, 'flows-editor'));
    await page.goto('/flows');
    await page.getByTestId('flows-empty').waitFor();

    // The secret: saved by name, its value never shown again.
    const secrets = page.getByTestId('secrets');
    await secrets.getByLabel('Name').fill('SHOP_PASSWORD');
    await secrets.getByLabel('Value').fill(shop.password);
    await secrets.getByRole('button', { name: 'Save secret' }).click();
    await secrets.getByTestId('secret-row').filter({ hasText: 'SHOP_PASSWORD' }).waitFor();

    // The Recorder file, as DevTools exports it, for this app's port.
    await page.goto('/flows?new=1');
    const recording = fs.readFileSync(RECORDING, 'utf8').replaceAll(':8080', `:${port()}`);
    await page.getByLabel('Import a Recorder file').setInputFiles({
      name: 'petshop-cart.json',
      mimeType: 'application/json',
      buffer: Buffer.from(recording),
    });
    await page.getByTestId('import-notes').getByText(FLOW_MESSAGES.recorderPassword(4)).waitFor();
    // As the note says: the password by the secret's name, not as recorded.
    const password = page.getByTestId('flow-step').nth(3);
    await password.getByLabel('A secret', { exact: true }).check();
    await password.getByLabel('Secret', { exact: true }).selectOption('SHOP_PASSWORD');
    await expectAccessible(page, 'the flow editor');
    await page.getByRole('button', { name: 'Save and run once' }).click();

    await page.getByTestId('flow-run-status').getByText('Done').waitFor({ timeout: 150_000 });
    const cards = page.getByTestId('flow-step-result');
    expect(await cards.count()).toBe(5);
    // Signed in by the secret: the sign-in click's page load ended on the account page.
    expect(await cards.nth(2).textContent()).toContain(shop.accountUrl);
    const addToCart = cards.nth(4);
    expect(await addToCart.textContent()).toContain('Timespan');
    expect(await addToCart.getByTestId('flow-step-metrics').textContent()).toContain(
      'Interaction to Next Paint',
    );
    expect(await page.getByTestId('flow-run-charged').textContent()).toContain('5');
    expect(await page.getByTestId('measured-at').first().textContent()).toMatch(/Lighthouse 13\./);
    await expectAccessible(page, 'the run view');
    expect(await page.content()).not.toContain(shop.password);

    // The flow's own page: the run in its history.
    await page.goto('/flows');
    await page.getByTestId('flow-row').getByRole('link').first().click();
    await page.getByTestId('flow-run-row').first().waitFor();
    expect(await page.getByTestId('flow-run-row').count()).toBe(1);
    await page.getByTestId('flow-history-chart').first().waitFor();
  }, 240_000);

  it('stops at a step whose element never comes, with its screenshot, and runs nothing after it', async () => {
    const shop = sharedManifest(port()).shopAccount;
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'flows-failure');
    await storeSession(page, auth);
    const created = await page.request.post('/backend-service/v1/flows', {
      headers: { authorization: `Bearer ${auth.token}` },
      data: {
        name: 'Broken button',
        steps: [
          { kind: 'navigate', url: shop.productUrl, name: 'Product' },
          { kind: 'click', selector: '#no-such-button', navigates: true, name: 'Checkout' },
          { kind: 'snapshot', name: 'After' },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/flows?id=${id}`);
    await page.getByRole('button', { name: 'Run now' }).click();
    const failure = page.getByTestId('flow-failure');
    await failure.waitFor({ timeout: 120_000 });
    expect(await failure.textContent()).toContain('#no-such-button');
    expect(await failure.getByTestId('flow-failure-screenshot').getAttribute('src')).toMatch(
      /^data:image\/jpeg;base64,/,
    );
    const statuses = await page.getByTestId('flow-step-result').allTextContents();
    expect(statuses).toHaveLength(3);
    expect(statuses[0]).toContain('Measured');
    expect(statuses[1]).toContain('Failed');
    expect(statuses[2]).toContain(FLOW_MESSAGES.notRunAfter(2));
  }, 180_000);
});
