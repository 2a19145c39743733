import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';

const API = '/backend-service/v1';
const DAY_MINUTES = 24 * 60;

/**
 * Due subscriptions are settled at sign-in, on the usage and account endpoints and by a
 * periodic sweep; a tool request only reads the user.
 */
describe('settling due subscriptions', () => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  async function setup() {
    clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    // Sessions outlive the month the tests jump through.
    t = await buildTestApp({ clock, env: { SESSION_TTL_HOURS: '20000' } });
  }

  /** A user on the monthly lite plan, paid by the local processor's good test card. */
  async function subscriber(email = 'due@example.com') {
    const credentials = { email, password: 'password123' };
    const auth = (
      await t.app.inject({ method: 'POST', url: `${API}/auth/register`, payload: credentials })
    ).json();
    const headers = { authorization: `Bearer ${auth.token}` };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
    const card = await call('POST', '/payments/local/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const payment = (planId: number) => ({
      name: 'Due Payer',
      email,
      zipcode: '94107',
      planId,
      paymentMethodId: card.json().paymentMethodId,
      billingCycle: 1,
    });
    const paid = await call('POST', '/payments', payment(2));
    expect(paid.json().renewsAt).toBe('2026-12-22T12:00:00.000Z');
    const row = () =>
      t.db.kysely
        .selectFrom('users')
        .select(['plan_id', 'renews_at'])
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
    return { userId: auth.userId as string, credentials, call, payment, row };
  }

  it('leaves a due renewal to the usage endpoint: tool requests never settle', async () => {
    await setup();
    const { userId, call, row } = await subscriber();
    const settle = vi.spyOn(t.app.services.billing, 'settle');
    clock.advanceMinutes(31 * DAY_MINUTES);

    const search = await call('POST', '/serp-search', { searchTerm: 'dog food' });
    expect(search.statusCode).toBe(200);
    const facts = await call('POST', '/send-urls', {
      searchId: search.json().speedTestId,
      results: [{ link: search.json().organic_results[0].link }],
    });
    expect(facts.statusCode).toBe(200);
    expect((await call('POST', '/rate-limit', { limitType: 'serpSearch' })).statusCode).toBe(200);
    expect((await call('GET', '/settings')).statusCode).toBe(200);
    expect(settle).not.toHaveBeenCalled();
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2026-12-22T12:00:00.000Z' });

    expect((await call('GET', '/usage/serp-analysis-tool')).json()).toEqual({
      numOfSerpLeft: 49,
    });
    expect(settle).toHaveBeenCalledWith(userId);
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2027-01-22T12:00:00.000Z' });
  });

  it('answers a sign-in and a token refresh with the plan as settled', async () => {
    await setup();
    const { credentials, call, payment } = await subscriber();
    const cancel = await call('PUT', '/payments', payment(1));
    expect(cancel.json().cancelsAt).toBe('2026-12-22T12:00:00.000Z');
    clock.advanceMinutes(31 * DAY_MINUTES);

    const refreshed = await call('POST', '/auth/refresh', {});
    expect(refreshed.json()).toMatchObject({ planId: 1, cancelsAt: null });
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: credentials,
    });
    expect(login.json()).toMatchObject({ planId: 1, renewsAt: null, cancelsAt: null });
  });

  it('renews by the periodic sweep without any request, all due users in one pass', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await setup();
    const subscribers = [await subscriber('one@example.com'), await subscriber('two@example.com')];
    const settleAll = vi.spyOn(t.app.services.billing, 'settleAll');
    clock.advanceMinutes(31 * DAY_MINUTES);
    vi.advanceTimersByTime(t.config.BILLING_SWEEP_MINUTES * 60_000 - 1);
    expect(settleAll).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(settleAll).toHaveBeenCalledTimes(1);
    for (const { row } of subscribers) {
      await vi.waitFor(async () =>
        expect(await row()).toEqual({ plan_id: 2, renews_at: '2027-01-22T12:00:00.000Z' }),
      );
    }
  });
});
