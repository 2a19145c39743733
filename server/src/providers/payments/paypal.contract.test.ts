import crypto from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startRecordedServer, type RecordedRequest } from '../../../test/recorded-server';
import { PayPalSubscriptions } from './paypal';

const TOKEN = {
  scope: 'https://uri.paypal.com/services/subscriptions',
  access_token: 'A21AAExampleToken',
  token_type: 'Bearer',
  app_id: 'APP-80W284485P519543T',
  expires_in: 32400,
  nonce: '2026-11-22T12:00:00Z',
};
const SUBSCRIPTION = path.join(import.meta.dirname, 'fixtures', 'paypal-subscription.json');
const PLANS = [{ planId: 3, billingCycle: 1 as const, id: 'P-5ML4271244454362WXNWU5NQ' }];

function paypal(req: RecordedRequest) {
  if (req.url.pathname === '/v1/oauth2/token') return { json: TOKEN };
  if (req.url.pathname.endsWith('/cancel')) return { status: 204, json: '' };
  if (req.url.pathname === '/v1/billing/subscriptions/I-BW452GLLEP1G')
    return { fixture: SUBSCRIPTION };
  return {
    status: 404,
    json: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  };
}

describe('PayPal adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await server?.close();
  });

  it('gets a client-credentials token once, reads a subscription and cancels', async () => {
    server = await startRecordedServer(paypal);
    const client = new PayPalSubscriptions('client', 'secret', PLANS, server.baseUrl);
    expect(await client.subscription('I-BW452GLLEP1G')).toEqual({
      id: 'I-BW452GLLEP1G',
      planId: 'P-5ML4271244454362WXNWU5NQ',
      status: 'ACTIVE',
      customId: 'user-8812',
      startTime: new Date('2026-11-22T07:00:00Z'),
      nextBillingTime: new Date('2026-12-22T10:00:00Z'),
      lastPaymentTime: new Date('2026-11-22T07:05:13Z'),
    });
    expect(client.planOf('P-5ML4271244454362WXNWU5NQ')).toEqual(PLANS[0]);
    expect(client.planOf('P-OTHER')).toBeNull();
    // PayPal's 404 for an id it does not know is an answer, not a failure.
    expect(await client.subscription('I-UNKNOWN')).toBeNull();
    await client.cancel('I-BW452GLLEP1G', 'because');
    const [token, ...rest] = server.requests;
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from('client:secret').toString('base64')}`,
    );
    expect(token!.body).toBe('grant_type=client_credentials');
    expect(rest.every((r) => r.headers.authorization === 'Bearer A21AAExampleToken')).toBe(true);
    expect(server.requests.filter((r) => r.url.pathname === '/v1/oauth2/token')).toHaveLength(1);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ reason: 'because' });
  });

  it('reports refused credentials clearly', async () => {
    server = await startRecordedServer(() => ({
      status: 401,
      json: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    }));
    await expect(
      new PayPalSubscriptions('c', 's', PLANS, server.baseUrl).subscription('I-1'),
    ).rejects.toThrow(/refused the configured client id/);
  });

  it('answers the subscription lookup and cancels through PUT /payments/paypal', async () => {
    server = await startRecordedServer(paypal);
    t = await buildTestApp({
      env: {
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_BASE_URL: server.baseUrl,
      },
    });
    const auth = (
      await t.app.inject({
        method: 'POST',
        url: '/backend-service/v1/auth/register',
        payload: { email: 'pp@example.com', password: 'password123' },
      })
    ).json();
    const headers = { authorization: `Bearer ${auth.token}` };
    const lookup = () =>
      t!.app
        .inject({ method: 'GET', url: '/backend-service/v1/payments/paypal', headers })
        .then((r) => r.json());
    expect(await lookup()).toEqual({ status: 'SUCCESS', userSubscription: '' });

    const now = new Date();
    const end = new Date(now.getTime() + 20 * 86_400_000).toISOString();
    await t.db.kysely
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        user_id: auth.userId,
        provider: 'paypal',
        provider_subscription_id: 'I-BW452GLLEP1G',
        provider_customer_id: null,
        payment_method_id: null,
        plan_id: 3,
        billing_cycle: 1,
        status: 'active',
        current_period_start: now.toISOString(),
        current_period_end: end,
        cancel_at_period_end: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    expect(await lookup()).toEqual({ status: 'SUCCESS', userSubscription: 'I-BW452GLLEP1G' });

    const res = await t.app.inject({
      method: 'PUT',
      url: '/backend-service/v1/payments/paypal',
      headers,
      payload: { planId: 1, billingCycle: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ planId: 3, cancelsAt: end, renewsAt: null });
    expect(
      server.requests.some(
        (r) => r.url.pathname === '/v1/billing/subscriptions/I-BW452GLLEP1G/cancel',
      ),
    ).toBe(true);
    expect(await lookup()).toEqual({ status: 'SUCCESS', userSubscription: '' });
  });
});
