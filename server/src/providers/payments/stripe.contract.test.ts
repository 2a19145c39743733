import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { EMAIL_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { outboxMessagesTo } from '../../../test/outbox';
import {
  startRecordedServer,
  type RecordedReply,
  type RecordedRequest,
} from '../../../test/recorded-server';
import { HttpError, HttpTimeoutError } from '../../http/fetch-json';
import { PaymentDeclined } from './port';
import {
  STRIPE_API_VERSION,
  StripePaymentsProvider,
  idempotencyKeys,
  priceKey,
  stripeAddress,
} from './stripe';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const prices = { [priceKey(2, 1)]: 'price_lite_monthly', [priceKey(3, 2)]: 'price_guru_yearly' };
const charge = {
  userId: 'u_8812',
  email: 'pat@example.com',
  name: 'Pat Payer',
  zipcode: '94107',
  planId: 2,
  billingCycle: 1,
  paymentMethodId: 'pm_1QxExamplePm987',
  amount: 19,
};

/** A recorded Stripe: answers by path, remembers requests. */
function stripeRoutes(overrides: Record<string, RecordedReply> = {}) {
  return (req: RecordedRequest) => {
    const key = `${req.method} ${req.url.pathname}`;
    if (overrides[key]) return overrides[key]!;
    if (key === 'POST /v1/customers') return { fixture: fixture('stripe-customer.json') };
    if (req.url.pathname.startsWith('/v1/payment_methods/'))
      return { json: { id: 'pm_new', object: 'payment_method' } };
    return { fixture: fixture('stripe-subscription.json') };
  };
}

describe('Stripe adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('creates a customer and a subscription with the documented form parameters', async () => {
    // Asked to expand it, Stripe answers with the payment method in place of its id.
    const recorded = JSON.parse(fs.readFileSync(fixture('stripe-subscription.json'), 'utf8'));
    const expanded = {
      ...recorded,
      default_payment_method: {
        id: 'pm_1QxExamplePm987',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      },
    };
    server = await startRecordedServer(
      stripeRoutes({ 'POST /v1/subscriptions': { json: expanded } }),
    );
    const stripe = new StripePaymentsProvider('sk_test_123', prices, server.baseUrl);
    const sub = await stripe.subscribe(charge);
    const [customer, subscription] = server.requests;
    expect(customer!.headers.authorization).toBe('Bearer sk_test_123');
    expect(customer!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(customer!.headers['idempotency-key']).toBe(
      idempotencyKeys.customer('u_8812', 'pm_1QxExamplePm987'),
    );
    expect(subscription!.headers['idempotency-key']).toBe(
      idempotencyKeys.subscription('u_8812', 'pm_1QxExamplePm987', 'price_lite_monthly'),
    );
    expect(Object.fromEntries(new URLSearchParams(customer!.body))).toMatchObject({
      email: 'pat@example.com',
      payment_method: 'pm_1QxExamplePm987',
      'invoice_settings[default_payment_method]': 'pm_1QxExamplePm987',
      'metadata[user_id]': 'u_8812',
    });
    expect(Object.fromEntries(new URLSearchParams(subscription!.body))).toMatchObject({
      customer: 'cus_RExample45678',
      'items[0][price]': 'price_lite_monthly',
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'default_payment_method',
    });
    // Basil+: the period comes from the subscription item.
    expect(sub).toEqual({
      providerSubscriptionId: 'sub_1QxExampleAbC123',
      providerCustomerId: 'cus_RExample45678',
      periodStart: new Date(1763630400 * 1000),
      periodEnd: new Date(1766222400 * 1000),
      cardLast4: '4242',
    });
  });

  it('repeats a subscription with the same keys, so Stripe replays instead of charging twice', async () => {
    server = await startRecordedServer(stripeRoutes());
    const stripe = new StripePaymentsProvider('sk', prices, server.baseUrl);
    await stripe.subscribe(charge);
    await stripe.subscribe(charge);
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toBe(keys[1]);
    // Another card is another attempt.
    await stripe.subscribe({ ...charge, paymentMethodId: 'pm_other' });
    expect(server.requests[4]!.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('retries a 5xx answer with the same idempotency key', async () => {
    let subscriptionCalls = 0;
    server = await startRecordedServer((req) => {
      if (req.url.pathname === '/v1/subscriptions' && subscriptionCalls++ === 0)
        return { status: 500, json: { error: { type: 'api_error', message: 'Try again' } } };
      return stripeRoutes()(req);
    });
    const sub = await new StripePaymentsProvider('sk', prices, server.baseUrl).subscribe(charge);
    expect(sub.providerSubscriptionId).toBe('sub_1QxExampleAbC123');
    const attempts = server.requests.filter((r) => r.url.pathname === '/v1/subscriptions');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.headers['idempotency-key']).toBe(attempts[0]!.headers['idempotency-key']);
  });

  it('reports a Stripe that does not answer in time as a timeout', async () => {
    server = await startRecordedServer(() => ({ json: {}, delayMs: 2_000 }));
    const error = await new StripePaymentsProvider('sk', prices, server.baseUrl, 100)
      .subscribe(charge)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTimeoutError);
  });

  it("turns a 402 card error into a decline with Stripe's message", async () => {
    server = await startRecordedServer(
      stripeRoutes({
        'POST /v1/subscriptions': { status: 402, fixture: fixture('stripe-card-declined.json') },
      }),
    );
    const error = await new StripePaymentsProvider('sk', prices, server.baseUrl)
      .subscribe(charge)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclined);
    expect((error as PaymentDeclined).message).toBe('Your card has insufficient funds.');
  });

  it('reports a bad key as an error, not a decline', async () => {
    server = await startRecordedServer(
      stripeRoutes({
        'POST /v1/customers': { status: 401, fixture: fixture('stripe-invalid-key.json') },
      }),
    );
    const error = await new StripePaymentsProvider('sk', prices, server.baseUrl)
      .subscribe(charge)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    // Our own error, with no `statusCode` for Fastify to hand the vendor's 401 to the browser.
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toHaveProperty('statusCode');
    expect((error as HttpError).status).toBe(401);
    expect(String(error)).toContain('Invalid API Key provided');
  });

  it('reads a base URL as the SDK address', () => {
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeAddress('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
  });

  it('changes plan on the existing item and cancels at period end', async () => {
    server = await startRecordedServer(stripeRoutes());
    const stripe = new StripePaymentsProvider('sk', prices, server.baseUrl);
    await stripe.changePlan('sub_1QxExampleAbC123', { ...charge, planId: 3, billingCycle: 2 });
    const update = server.requests.find(
      (r) => r.method === 'POST' && r.url.pathname === '/v1/subscriptions/sub_1QxExampleAbC123',
    );
    expect(Object.fromEntries(new URLSearchParams(update!.body))).toMatchObject({
      'items[0][id]': 'si_RExampleItem01',
      'items[0][price]': 'price_guru_yearly',
    });
    const attach = server.requests.find((r) => r.url.pathname.endsWith('/attach'));
    expect(attach!.headers['idempotency-key']).toBe(
      idempotencyKeys.attach('pm_1QxExamplePm987', 'cus_RExample45678'),
    );
    await stripe.cancelAtPeriodEnd('sub_1QxExampleAbC123');
    expect(server.requests.at(-1)!.body).toBe('cancel_at_period_end=true');
    // Updates carry the SDK's one-off key, so switching back and forth never replays.
    expect(server.requests.at(-1)!.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
  });

  it('cancels a subscription now with DELETE, and reports a refusal as an HTTP error', async () => {
    const canceled = JSON.parse(fs.readFileSync(fixture('stripe-subscription.json'), 'utf8'));
    server = await startRecordedServer(
      stripeRoutes({
        'DELETE /v1/subscriptions/sub_1QxExampleAbC123': {
          json: { ...canceled, status: 'canceled', ended_at: 1764000000 },
        },
        'DELETE /v1/subscriptions/sub_refused': {
          status: 400,
          json: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
        },
      }),
    );
    const stripe = new StripePaymentsProvider('sk', prices, server.baseUrl);
    await stripe.cancelNow('sub_1QxExampleAbC123');
    const cancel = server.requests.at(-1)!;
    expect(cancel.method).toBe('DELETE');
    expect(cancel.url.pathname).toBe('/v1/subscriptions/sub_1QxExampleAbC123');
    expect(cancel.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    const error = await stripe.cancelNow('sub_refused').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
  });
});

describe('Stripe webhook', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startRecordedServer>>;
  afterEach(async () => {
    await t?.close();
    await server?.close();
  });
  const secret = 'whsec_test_secret';
  const sign = (payload: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  async function setup(subscriptionFixture: object) {
    server = await startRecordedServer((req) =>
      req.url.pathname.startsWith('/v1/subscriptions/')
        ? { json: subscriptionFixture }
        : { json: {} },
    );
    const clock = new TestClock(new Date(1764000000 * 1000));
    t = await buildTestApp({
      clock,
      env: {
        STRIPE_SECRET_KEY: 'sk_test',
        STRIPE_PUBLISHABLE_KEY: 'pk_test',
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_BASE_URL: server.baseUrl,
        STRIPE_PRICE_LITE_MONTHLY: 'price_lite_monthly',
        SESSION_TTL_HOURS: '20000',
      },
    });
    const auth = (
      await t.app.inject({
        method: 'POST',
        url: '/backend-service/v1/auth/register',
        payload: { email: 'hook@example.com', password: 'password123' },
      })
    ).json();
    const now = new Date(1764000000 * 1000).toISOString();
    await t.db.kysely
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        user_id: auth.userId,
        provider: 'stripe',
        provider_subscription_id: 'sub_1QxExampleAbC123',
        provider_customer_id: 'cus_RExample45678',
        payment_method_id: 'pm_1',
        plan_id: 2,
        billing_cycle: 1,
        status: 'active',
        current_period_start: now,
        current_period_end: new Date(1766222400 * 1000).toISOString(),
        cancel_at_period_end: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.db.kysely
      .updateTable('users')
      .set({ plan_id: 2 })
      .where('id', '=', auth.userId)
      .execute();
    return auth.userId as string;
  }

  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/payments/stripe/webhook',
      // As Stripe sends it.
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });

  const cancelEvent = JSON.stringify({
    id: 'evt_1QxExampleEvt777',
    object: 'event',
    type: 'customer.subscription.updated',
    data: {
      object: { id: 'sub_1QxExampleAbC123', object: 'subscription', cancel_at_period_end: true },
    },
  });
  const stripeSub = JSON.parse(fs.readFileSync(fixture('stripe-subscription.json'), 'utf8'));

  it('refuses a wrong or stale signature and changes nothing', async () => {
    const userId = await setup({ ...stripeSub, cancel_at_period_end: true });
    expect(
      (await post(cancelEvent, sign(cancelEvent.replace('777', '778'), 1764000000))).statusCode,
    ).toBe(400);
    expect((await post(cancelEvent, 't=1764000000,v1=deadbeef')).statusCode).toBe(400);
    expect((await post(cancelEvent, sign(cancelEvent, 1764000000 - 3600))).statusCode).toBe(400);
    // The same event re-serialised (other bytes, same JSON) is not what was signed.
    const reserialised = JSON.stringify(JSON.parse(cancelEvent), null, 2);
    expect((await post(reserialised, sign(cancelEvent, 1764000000))).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: cancelEvent,
    });
    expect(unsigned.statusCode).toBe(400);
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.cancels_at).toBeNull();
  });

  it('applies a signed event from a fresh read of the subscription, once', async () => {
    const userId = await setup({ ...stripeSub, cancel_at_period_end: true });
    const first = await post(cancelEvent, sign(cancelEvent, 1764000000));
    expect(first.json()).toEqual({ received: true });
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      plan_id: 2,
      cancels_at: new Date(1766222400 * 1000).toISOString(),
      renews_at: null,
    });
    const requestsAfterFirst = server.requests.length;
    const replay = await post(cancelEvent, sign(cancelEvent, 1764000000));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(server.requests.length).toBe(requestsAfterFirst);
    // Cancelled on Stripe's side (a dashboard, the billing portal): the user hears of it once.
    const notices = outboxMessagesTo(t.config, 'hook@example.com').filter((m) =>
      m.includes(EMAIL_MESSAGES.cancellationSubject(planById(2).title)),
    );
    expect(notices).toHaveLength(1);
  });

  it('sends a receipt when Stripe renews the subscription, once per period', async () => {
    const next = { current_period_start: 1766222400, current_period_end: 1768900800 };
    const renewed = {
      ...stripeSub,
      items: { ...stripeSub.items, data: [{ ...stripeSub.items.data[0], ...next }] },
    };
    const userId = await setup(renewed);
    const invoicePaid = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'invoice.paid',
        data: {
          object: {
            id: 'in_2',
            object: 'invoice',
            parent: { subscription_details: { subscription: 'sub_1QxExampleAbC123' } },
          },
        },
      });
    for (const id of ['evt_paid_1', 'evt_paid_2']) {
      const body = invoicePaid(id);
      expect((await post(body, sign(body, 1764000000))).statusCode).toBe(200);
    }
    const receipts = outboxMessagesTo(t.config, 'hook@example.com').filter((m) =>
      m.includes(EMAIL_MESSAGES.receiptSubject(planById(2).title)),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain(`Amount: ${planById(2).monthlyPrice.toFixed(2)}`);
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.renews_at).toBe(new Date(1768900800 * 1000).toISOString());
  });

  it('refuses a signed body that is not a Stripe event', async () => {
    await setup(stripeSub);
    const notJson = 'not json';
    const answer = await post(notJson, sign(notJson, 1764000000));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The payload is not a Stripe event.');
  });

  it('drops the user to free when the subscription is deleted', async () => {
    const userId = await setup({ ...stripeSub, status: 'canceled' });
    const deleted = JSON.stringify({
      id: 'evt_del',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1QxExampleAbC123' } },
    });
    expect((await post(deleted, sign(deleted, 1764000000))).statusCode).toBe(200);
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.plan_id).toBe(1);
  });
});
