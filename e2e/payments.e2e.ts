import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/messages';
import { useBrowser } from './support/browser';
import { registerFromPricing } from './support/accounts';

const h = useBrowser();
async function pay(page: Page, cardNumber: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Name on card').fill('Pat Buyer');
  await main.getByLabel('Postal code').fill('94107');
  await main.getByLabel('Card number').fill(cardNumber);
  await main.getByLabel('Expiry').fill('12 / 30');
  await main.getByLabel('CVC').fill('123');
  await main.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('subscriptions in the browser', () => {
  it('on a phone (390 px), the welcome after signing up leaves the Pay button free', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await registerFromPricing(page, 'plan-lite');
    const toast = page.getByTestId('confirmation-toast');
    await toast.waitFor();
    const pay = page.getByRole('main').getByRole('button', { name: /^Pay \$/ });
    await pay.scrollIntoViewIfNeeded();
    const [a, b] = [await toast.boundingBox(), await pay.boundingBox()];
    const apart = (x: typeof a, y: typeof a) =>
      !!x &&
      !!y &&
      (x.y + x.height <= y.y ||
        y.y + y.height <= x.y ||
        x.x + x.width <= y.x ||
        y.x + y.width <= x.x);
    expect(apart(a, b)).toBe(true);
  });

  it('subscribes to Lite monthly, changes to Guru annual, and cancels', async () => {
    const { page } = await h.newPage();
    await registerFromPricing(page, 'plan-lite');
    await page.getByRole('heading', { name: 'Lite Plan Payment' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay $19.00' }).count()).toBe(1);
    await pay(page, '4242 4242 4242 4242');
    await page
      .getByRole('heading', { name: 'Success! You have subscribed to the Lite Plan' })
      .waitFor();

    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Lite Plan (monthly)');
    await page.getByTestId('remaining-serp').getByText('50').waitFor();
    await page.getByTestId('remaining-keywords').getByText('2000').waitFor();
    await page.getByText(/^Renews on /).waitFor();

    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.getByRole('main').getByText('Annual').click();
    const lite = page.getByTestId('plan-lite');
    await lite.getByText('your current plan').waitFor();
    // The own plan is not offered again; Free reads 'Subscribed' (a paid plan holds all it
    // has), and is had alone by cancelling.
    expect(await lite.getByRole('button', { name: 'Subscribed' }).isDisabled()).toBe(true);
    expect(await lite.getByRole('button', { name: /pay with stripe/ }).count()).toBe(0);
    const free = page.getByTestId('plan-free');
    expect(await free.getByRole('button', { name: 'Subscribed' }).isDisabled()).toBe(true);
    expect(await free.getByRole('link', { name: 'cancel to return to Free' }).count()).toBe(1);
    await page
      .getByTestId('plan-guru')
      .getByRole('button', { name: 'pay with stripe $278.00' })
      .click();
    await page.getByRole('heading', { name: 'Guru Plan Payment' }).waitFor();
    await pay(page, '4242424242424242');
    await page
      .getByRole('heading', { name: 'Success! You have subscribed to the Guru Plan' })
      .waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Guru Plan (annual)');
    await page.getByTestId('remaining-serp').getByText('100').waitFor();

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    // The plan and the date it ends are named before the user confirms.
    await page
      .getByTestId('cancel-terms')
      .getByText(/You are on the Guru plan, paid until /)
      .waitFor();
    await page.getByRole('button', { name: 'Yes, please cancel' }).click();
    await page.getByText(/stays active until/).waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    // Paid service runs to the end of the period, with its cancel date — and a reload, which
    // reads the plan from the server, tells the same.
    await page.getByText(/^Cancels on /).waitFor();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Guru Plan (annual)');
    await page.reload();
    await page.getByText(/^Cancels on /).waitFor();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Guru Plan (annual)');
    await page.goto('/pricing');
    await page
      .getByTestId('plan-guru')
      .getByText(/your current plan, active until/)
      .waitFor();
  });

  it('confirms nothing on /confirmation opened without a payment', async () => {
    const { page } = await h.newPage();
    await page.goto('/confirmation');
    await page.getByTestId('no-payment').waitFor();
    expect(await page.getByText(/^Success!/).count()).toBe(0);
  });

  it('shows a declined card and leaves the plan unchanged', async () => {
    const { page } = await h.newPage();
    await registerFromPricing(page, 'plan-pro');
    await pay(page, '4000 0000 0000 0002');
    const error = page.getByTestId('payment-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(`${MESSAGES.paymentError} Your card was declined.`);
    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByTestId('plan-line').textContent()).toBe('Free Plan');
  });

  it('names the plan a user pays for already when a second tab buys another', async () => {
    const { page, context } = await h.newPage();
    await registerFromPricing(page, 'plan-lite');
    const other = await context.newPage();
    await other.goto('/pricing');
    await other
      .getByTestId('plan-guru')
      .getByRole('button', { name: /pay with stripe/ })
      .click();
    await other.getByRole('heading', { name: 'Guru Plan Payment' }).waitFor();
    await pay(page, '4242 4242 4242 4242');
    await page
      .getByRole('heading', { name: 'Success! You have subscribed to the Lite Plan' })
      .waitFor();
    await pay(other, '4242 4242 4242 4242');
    const error = other.getByTestId('payment-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(MESSAGES.alreadySubscribed('lite'));
  });

  it('validates the payment form with the fixed messages', async () => {
    const { page } = await h.newPage();
    await registerFromPricing(page, 'plan-lite');
    const main = page.getByRole('main');
    await main.getByLabel('Billing email').fill('');
    await main.getByRole('button', { name: /^Pay \$/ }).click();
    await main.getByText(MESSAGES.nameOnCardRequired).waitFor();
    await main.getByText(MESSAGES.zipcodeRequired).waitFor();
    await main.getByText(MESSAGES.emailRequired).waitFor();
    // Each card field has its own message.
    await main.getByText('Your card number is incomplete.').waitFor();
    await main.getByText("Your card's expiration date is incomplete.").waitFor();
    await main.getByText("Your card's security code is incomplete.").waitFor();
  });
});
