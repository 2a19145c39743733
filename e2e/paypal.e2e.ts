import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess } from '../server/test/app-process';
import { startPayPalStandIn } from '../server/test/paypal-stand-in';
import { registerFromPricing } from './support/accounts';
import { useBrowser } from './support/browser';

const h = useBrowser();
const PRO_MONTHLY = 'P-PRO-MONTHLY-E2E';

describe('PayPal subscriptions in the browser (PayPal stand-in on loopback)', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  beforeAll(async () => {
    paypal = await startPayPalStandIn({ [PRO_MONTHLY]: 'month' });
    app = await startAppProcess(
      {
        PAYPAL_CLIENT_ID: 'e2e-client',
        PAYPAL_CLIENT_SECRET: 'e2e-secret',
        PAYPAL_BASE_URL: paypal.baseUrl,
        PAYPAL_SDK_URL: paypal.sdkUrl,
        PAYPAL_PLAN_PRO_MONTHLY: PRO_MONTHLY,
      },
      { lab: 'stand-in' },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await paypal?.close();
  });

  it('subscribes with PayPal’s buttons, shows the plan, and cancels it at PayPal', async () => {
    const { page } = await h.newPage({ baseUrl: app.baseUrl });
    // Lite has no PayPal plan here: its payment page offers the card form alone.
    await registerFromPricing(page, 'plan-lite');
    await page.getByRole('heading', { name: 'Lite Plan Payment' }).waitFor();
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
    expect(await page.getByTestId('paypal-buttons').count()).toBe(0);

    await page.goto('/pricing');
    await page
      .getByTestId('plan-pro')
      .getByRole('button', { name: /pay with stripe/ })
      .click();
    await page.getByRole('heading', { name: 'Pro Plan Payment' }).waitFor();
    await page.getByText('or subscribe with PayPal').waitFor();
    // PayPal's SDK was asked for the subscription flow with the configured client id.
    const sdk = paypal.requests.find((r) => r.path === '/sdk/js');
    expect(Object.fromEntries(sdk!.query)).toEqual({
      'client-id': 'e2e-client',
      vault: 'true',
      intent: 'subscription',
    });
    await page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' }).click();
    await page
      .getByRole('heading', { name: 'Success! You have subscribed to the Pro Plan' })
      .waitFor();
    const [sub] = [...paypal.subscriptions.values()];
    expect(sub).toMatchObject({ plan_id: PRO_MONTHLY, status: 'ACTIVE' });

    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Pro Plan (monthly)');
    await page.getByText(/^Renews on /).waitFor();

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes, please cancel' }).click();
    await page.getByRole('heading', { name: 'Your subscription is cancelled' }).waitFor();
    expect(paypal.subscriptions.get(sub!.id)!.status).toBe('CANCELLED');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText(/^Cancels on /).waitFor();
  }, 120_000);
});
