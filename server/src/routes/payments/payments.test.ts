import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';

const API = '/backend-service/v1';

describe('payments with the local test processor', () => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => t?.close());

  async function setup() {
    clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    // Sessions outlive the year the test jumps through.
    t = await buildTestApp({ clock, env: { SESSION_TTL_HOURS: '20000' } });
    const auth = (
      await t.app.inject({
        method: 'POST',
        url: `${API}/auth/register`,
        payload: { email: 'pay@example.com', password: 'password123' },
      })
    ).json();
    return { authorization: `Bearer ${auth.token}`, userId: auth.userId as string };
  }
  const call = (method: 'POST' | 'PUT' | 'GET', url: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const card = async (headers: object, number: string) =>
    call('POST', '/payments/local/payment-methods', headers, {
      number,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  const body = (paymentMethodId: string, planId: number, billingCycle: number) => ({
    name: 'Pat Payer',
    email: 'pay@example.com',
    zipcode: '94107',
    planId,
    paymentMethodId,
    billingCycle,
  });
  const user = (userId: string) =>
    t.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

  it('subscribes with 4242, changes to an annual plan, cancels to the end of the period, then falls back to free', async () => {
    const { userId, ...headers } = await setup();
    const pm = (await card(headers, '4242 4242 4242 4242')).json().paymentMethodId;
    const res = await call('POST', '/payments', headers, body(pm, 2, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      planId: 2,
      billingCycle: 1,
      renewsAt: '2026-12-22T12:00:00.000Z',
      cancelsAt: null,
    });
    expect(res.json().token).toEqual(expect.any(String));
    expect((await call('GET', '/usage/serp-analysis-tool', headers)).json()).toEqual({
      numOfSerpLeft: 50,
    });

    const again = await call('POST', '/payments', headers, body(pm, 2, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You are already subscribed our lite' });

    const change = await call('PUT', '/payments', headers, body(pm, 3, 2));
    expect(change.json()).toMatchObject({
      planId: 3,
      billingCycle: 2,
      renewsAt: '2027-11-22T12:00:00.000Z',
    });

    const cancel = await call('PUT', '/payments', headers, body(pm, 1, 1));
    expect(cancel.json()).toMatchObject({
      planId: 3,
      renewsAt: null,
      cancelsAt: '2027-11-22T12:00:00.000Z',
    });
    expect((await user(userId)).plan_id).toBe(3);

    clock.advanceMinutes(366 * 24 * 60);
    expect((await call('GET', '/usage/serp-analysis-tool', headers)).json()).toEqual({
      numOfSerpLeft: 10,
    });
    expect(await user(userId)).toMatchObject({
      plan_id: 1,
      billing_cycle: 1,
      renews_at: null,
      cancels_at: null,
    });
  });

  it('renews a monthly plan at the end of the period by charging the card again', async () => {
    const { userId, ...headers } = await setup();
    const pm = (await card(headers, '4242424242424242')).json().paymentMethodId;
    await call('POST', '/payments', headers, body(pm, 4, 1));
    clock.advanceMinutes(31 * 24 * 60);
    await call('GET', '/usage/keyword-tool', headers);
    expect(await user(userId)).toMatchObject({ plan_id: 4, renews_at: '2027-01-22T12:00:00.000Z' });
  });

  it('drops to free when a renewal charge fails (4000 0000 0000 0341)', async () => {
    const { userId, ...headers } = await setup();
    const pm = (await card(headers, '4000000000000341')).json().paymentMethodId;
    expect((await call('POST', '/payments', headers, body(pm, 2, 1))).statusCode).toBe(200);
    clock.advanceMinutes(31 * 24 * 60);
    await call('GET', '/usage/keyword-tool', headers);
    expect((await user(userId)).plan_id).toBe(1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
  ])('declines %s with its message and leaves the plan unchanged', async (number, message) => {
    const { userId, ...headers } = await setup();
    const pm = (await card(headers, number)).json().paymentMethodId;
    const res = await call('POST', '/payments', headers, body(pm, 2, 1));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message });
    expect(await user(userId)).toMatchObject({ plan_id: 1, renews_at: null });
    expect(await t.db.kysely.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });

  it('refuses an invalid card number, and bad bodies with the fixed messages', async () => {
    const { ...headers } = await setup();
    const bad = await card(headers, '4242424242424241');
    expect(bad.statusCode).toBe(402);
    expect(bad.json()).toEqual({ message: 'Your card number is incorrect.' });
    const missing = await call('POST', '/payments', headers, {
      ...body('pm_x', 2, 1),
      name: '',
      zipcode: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please enter name on card');
    expect(missing.json().message).toContain('Please enter your billing zipcode or postal code');
  });

  it('needs a bearer token', async () => {
    await setup();
    expect((await call('POST', '/payments', {}, body('pm', 2, 1))).statusCode).toBe(401);
    expect((await call('GET', '/payments/paypal', {})).statusCode).toBe(401);
  });
});
