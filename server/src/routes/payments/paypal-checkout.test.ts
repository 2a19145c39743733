import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, PAYPAL_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { outboxMessagesTo } from '../../../test/outbox';
import { startPayPalStandIn } from '../../../test/paypal-stand-in';

const API = '/backend-service/v1';
const GURU_MONTHLY = 'P-GURU-MONTHLY';
const PRO_YEARLY = 'P-PRO-YEARLY';
const DAY_MINUTES = 24 * 60;

describe('PayPal checkout (POST /payments/paypal) on a PayPal stand-in', () => {
  let t: TestApp | undefined;
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>> | undefined;
  afterEach(async () => {
    await t?.close();
    await paypal?.close();
  });

  async function setup(env: Record<string, string> = {}) {
    paypal = await startPayPalStandIn({ [GURU_MONTHLY]: 'month', [PRO_YEARLY]: 'year' });
    const clock = new TestClock(new Date());
    t = await buildTestApp({
      clock,
      env: {
        ...paypal.env,
        PAYPAL_PLAN_GURU_MONTHLY: GURU_MONTHLY,
        PAYPAL_PLAN_PRO_YEARLY: PRO_YEARLY,
        SESSION_TTL_HOURS: '20000',
        ...env,
      },
    });
    const signUp = async (email: string) => {
      const auth = (
        await t!.app.inject({
          method: 'POST',
          url: `${API}/auth/register`,
          payload: { email, password: 'password123' },
        })
      ).json();
      const headers = { authorization: `Bearer ${auth.token}` };
      return {
        userId: auth.userId as string,
        email,
        call: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
          t!.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) }),
      };
    };
    return { clock, signUp };
  }

  const planOf = async (userId: string) =>
    t!.db.kysely
      .selectFrom('users')
      .select(['plan_id', 'billing_cycle', 'renews_at', 'cancels_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  it('offers the configured PayPal plans, and none without PayPal', async () => {
    await setup();
    const config = (await t!.app.inject({ url: `${API}/payments/config` })).json();
    expect(config.paypal).toEqual({
      clientId: 'client',
      sdkUrl: paypal!.sdkUrl,
      plans: [
        { planId: 3, billingCycle: 1, paypalPlanId: GURU_MONTHLY },
        { planId: 4, billingCycle: 2, paypalPlanId: PRO_YEARLY },
      ],
    });
    // The page may load PayPal's buttons from the SDK's origin.
    const csp = (await t!.app.inject({ url: `${API}/payments/config` })).headers[
      'content-security-policy'
    ];
    expect(String(csp)).toContain(new URL(paypal!.sdkUrl).origin);
    await t!.close();
    t = await buildTestApp();
    expect((await t.app.inject({ url: `${API}/payments/config` })).json().paypal).toBeNull();
  });

  it('activates the plan PayPal reports for an approved subscription, once, with a receipt', async () => {
    const { signUp } = await setup();
    const user = await signUp('payer@example.com');
    const sub = paypal!.create(PRO_YEARLY, user.userId);
    const answer = await user.call('POST', '/payments/paypal', { subscriptionId: sub.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      planId: 4,
      billingCycle: 2,
      renewsAt: sub.billing_info.next_billing_time,
      cancelsAt: null,
    });
    expect(await planOf(user.userId)).toMatchObject({ plan_id: 4, billing_cycle: 2 });
    expect((await user.call('GET', '/payments/paypal')).json()).toEqual({
      status: 'SUCCESS',
      userSubscription: sub.id,
    });
    // The approval sent again (a retry): the same plan, no second subscription or receipt.
    const again = await user.call('POST', '/payments/paypal', { subscriptionId: sub.id });
    expect(again.json()).toMatchObject({ planId: 4, billingCycle: 2 });
    const receipts = outboxMessagesTo(t!.config, user.email).filter((m) =>
      m.includes(EMAIL_MESSAGES.receiptSubject(planById(4).title)),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Billing cycle: annual');
    // Cancelled from the account page: at PayPal, and paid service runs to the period's end.
    const cancel = await user.call('PUT', '/payments/paypal', { planId: 1, billingCycle: 2 });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      planId: 4,
      renewsAt: null,
      cancelsAt: sub.billing_info.next_billing_time,
    });
    expect(paypal!.subscriptions.get(sub.id)!.status).toBe('CANCELLED');
  });

  it('refuses what PayPal does not confirm, and changes no plan', async () => {
    const { signUp } = await setup();
    const user = await signUp('careful@example.com');
    const other = await signUp('other@example.com');
    const post = (subscriptionId: string) =>
      user.call('POST', '/payments/paypal', { subscriptionId });
    const cases: [string, number, string][] = [
      ['I-NOSUCH', 404, PAYPAL_MESSAGES.unknown],
      [paypal!.create(GURU_MONTHLY, other.userId).id, 409, PAYPAL_MESSAGES.notYours],
      [paypal!.create('P-SOMEONE-ELSES', user.userId).id, 409, PAYPAL_MESSAGES.unknownPlan],
    ];
    const pending = paypal!.create(GURU_MONTHLY, user.userId);
    pending.status = 'APPROVAL_PENDING';
    cases.push([pending.id, 402, PAYPAL_MESSAGES.notApproved('APPROVAL_PENDING')]);
    for (const [id, status, message] of cases) {
      const answer = await post(id);
      expect([answer.statusCode, answer.json().message]).toEqual([status, message]);
    }
    const invalid = await post('<script>');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('This is not a PayPal subscription id.');
    await paypal!.close();
    const down = await post(paypal!.create(GURU_MONTHLY, user.userId).id);
    expect([down.statusCode, down.json().message]).toEqual([502, PAYPAL_MESSAGES.unavailable]);
    paypal = undefined;
    expect(await planOf(user.userId)).toMatchObject({ plan_id: 1, renews_at: null });
  });

  it('cancels a second PayPal subscription of a user who pays already', async () => {
    const { signUp } = await setup();
    const user = await signUp('twice@example.com');
    const first = paypal!.create(GURU_MONTHLY, user.userId);
    expect(
      (await user.call('POST', '/payments/paypal', { subscriptionId: first.id })).statusCode,
    ).toBe(200);
    const second = paypal!.create(PRO_YEARLY, user.userId);
    const answer = await user.call('POST', '/payments/paypal', { subscriptionId: second.id });
    expect(answer.statusCode).toBe(409);
    expect(paypal!.subscriptions.get(second.id)!.status).toBe('CANCELLED');
    expect(paypal!.subscriptions.get(first.id)!.status).toBe('ACTIVE');
    expect(await planOf(user.userId)).toMatchObject({ plan_id: 3 });
    // A PayPal plan is changed at PayPal: the card form's change is refused with a way.
    const change = await user.call('PUT', '/payments', {
      name: 'Pat',
      email: user.email,
      zipcode: '94107',
      planId: 4,
      billingCycle: 1,
      paymentMethodId: 'pm_local_x',
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toMatch(/paid with PayPal/);
  });

  it('renews from what PayPal reports at the period end, and ends what PayPal ended', async () => {
    const { clock, signUp } = await setup();
    const user = await signUp('renews@example.com');
    const sub = paypal!.create(GURU_MONTHLY, user.userId);
    await user.call('POST', '/payments/paypal', { subscriptionId: sub.id });
    // PayPal charged the next month: its next billing time moved on.
    clock.advanceMinutes(32 * DAY_MINUTES);
    const next = new Date(clock.now().getTime() + 29 * DAY_MINUTES * 60_000).toISOString();
    sub.billing_info = {
      next_billing_time: next,
      last_payment: { time: clock.now().toISOString() },
    };
    await user.call('GET', '/payments/paypal');
    expect(await planOf(user.userId)).toMatchObject({ plan_id: 3, renews_at: next });
    const receipts = outboxMessagesTo(t!.config, user.email).filter((m) =>
      m.includes(EMAIL_MESSAGES.receiptSubject(planById(3).title)),
    );
    expect(receipts).toHaveLength(2);
    // Cancelled at PayPal (in the buyer's PayPal account): the plan ends with its period.
    sub.status = 'CANCELLED';
    clock.advanceMinutes(30 * DAY_MINUTES);
    await user.call('GET', '/payments/paypal');
    expect(await planOf(user.userId)).toMatchObject({ plan_id: 1, renews_at: null });
  });
});
