import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { connectDb, type Db } from '../db/connect';
import type { PaymentsProvider } from '../providers/payments/port';
import { Billing, type SettlementOptions } from './billing';
import type { BillingNotices } from './billing-emails';
import { describeOnDatabases } from '../../test/backends';

const API = '/backend-service/v1';
const DAY_MINUTES = 24 * 60;

/** A user on the monthly lite plan, paid by the local processor's good test card. */
async function subscribe(t: TestApp, email = 'due@example.com') {
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

  const subscriber = (email?: string) => subscribe(t, email);

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

const unused = () => Promise.reject(new Error('settlement only renews'));

/** A local processor that records each renewal charge, then waits for `paid` to settle. */
function countingProvider(charges: string[], paid: () => Promise<void>): PaymentsProvider {
  return {
    kind: 'local',
    subscribe: unused,
    changePlan: unused,
    changePaymentMethod: unused,
    cancelAtPeriodEnd: unused,
    cancelNow: unused,
    async renew(subscriptionId) {
      charges.push(subscriptionId);
      await paid();
      return { cardLast4: null };
    },
  };
}

/** These settlers charge only; what the receipts say is tested with the app's own billing. */
const noNotices: BillingNotices = { paid: async () => {}, cancelled: async () => {} };

/** A promise the test settles by hand: a charge that hangs, as in a settler that crashed. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Several API processes share one database: each due period is claimed in the database
 * before it is charged, so of any number of settlers exactly one renews it.
 */
describeOnDatabases('settling across processes', ({ postgres }) => {
  let t: TestApp;
  let other: Db;
  let clock: TestClock;
  const charges: string[] = [];
  afterEach(async () => {
    charges.length = 0;
    await other?.close();
    await t?.close();
  });

  async function setup() {
    clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    t = await buildTestApp({ postgres, clock, env: { SESSION_TTL_HOURS: '20000' } });
    // A second connection (a second pool on PostgreSQL), as a second API process has.
    other = connectDb({ databaseUrl: t.config.DATABASE_URL, sqlitePath: t.config.sqlitePath });
  }

  /** A settler of its own process: its own connection and provider, the shared clock. */
  function settler(db: Db, paid = () => sleep(2), options: SettlementOptions = {}) {
    return new Billing(db, countingProvider(charges, paid), clock, noNotices, null, options);
  }

  const subscriptionIds = () =>
    t.db.kysely
      .selectFrom('subscriptions')
      .select(['provider_subscription_id', 'settling_until'])
      .orderBy('provider_subscription_id')
      .execute();

  it('charges each period exactly once however many settlers run at once', async () => {
    await setup();
    const users: Awaited<ReturnType<typeof subscribe>>[] = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      users.push(await subscribe(t, email));
    }
    const settlers = [settler(t.db), settler(other), settler(t.db), settler(other)];
    const storm = () =>
      Promise.all(
        Array.from({ length: 6 }, (_, i) => {
          const billing = settlers[i % settlers.length]!;
          return [billing.settleAll(), ...users.map(({ userId }) => billing.settle(userId))];
        }).flat(),
      );

    for (const [period, renewsAt] of [
      [1, '2027-01-22T12:00:00.000Z'],
      [2, '2027-02-22T12:00:00.000Z'],
    ] as const) {
      clock.advanceMinutes(31 * DAY_MINUTES);
      await storm();
      const rows = await subscriptionIds();
      expect(rows).toHaveLength(users.length);
      for (const { provider_subscription_id, settling_until } of rows) {
        expect(charges.filter((id) => id === provider_subscription_id)).toHaveLength(period);
        expect(settling_until).toBeNull();
      }
      expect(charges).toHaveLength(users.length * period);
      for (const { row } of users) expect(await row()).toEqual({ plan_id: 2, renews_at: renewsAt });
    }
  });

  /**
   * A due subscriber whose renewal a first settler has claimed and is charging: the
   * charge ends when the test resolves it, or never, as in a settler that crashed.
   */
  async function claimedMidCharge() {
    await setup();
    const user = await subscribe(t);
    clock.advanceMinutes(31 * DAY_MINUTES);
    const charge = deferred();
    const first = settler(t.db, () => charge.promise).settleAll();
    await vi.waitFor(() => expect(charges).toHaveLength(1));
    return { ...user, charge, first };
  }

  it("answers a user's settle once another settler's running claim is done", async () => {
    const { userId, row, charge, first } = await claimedMidCharge();

    let answered = false;
    const request = settler(other)
      .settle(userId)
      .finally(() => (answered = true));
    await sleep(100);
    expect(answered).toBe(false);
    charge.resolve();
    expect(await request).toBe(true);
    expect(await first).toBe(1);
    expect(charges).toHaveLength(1);
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2027-01-22T12:00:00.000Z' });
  });

  it('takes over the claim of a settler that crashed once it expires', async () => {
    // The first settler claims the row and does not come back from its charge.
    const { userId, row, charge, first } = await claimedMidCharge();

    const survivor = settler(other, () => sleep(2), { waitMs: 50 });
    expect(await survivor.settleAll()).toBe(0);
    // The wait is bounded: the request answers with the plan as it was.
    expect(await survivor.settle(userId)).toBe(true);
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2026-12-22T12:00:00.000Z' });
    expect(charges).toHaveLength(1);

    clock.advanceMinutes(5);
    expect(await survivor.settleAll()).toBe(0);
    clock.advanceMinutes(1);
    expect(await survivor.settleAll()).toBe(1);
    expect(charges).toHaveLength(2);
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2027-01-22T12:00:00.000Z' });

    // The first settler's late answer finds its claim gone and records nothing.
    charge.resolve();
    expect(await first).toBe(0);
    expect(await row()).toEqual({ plan_id: 2, renews_at: '2027-01-22T12:00:00.000Z' });
    const [sub] = await t.db.kysely.selectFrom('subscriptions').selectAll().execute();
    expect(sub).toMatchObject({
      current_period_start: '2026-12-22T12:00:00.000Z',
      current_period_end: '2027-01-22T12:00:00.000Z',
      settling_until: null,
    });
  });
});
