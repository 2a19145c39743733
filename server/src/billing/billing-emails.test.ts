import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_MESSAGES } from '@core/messages';
import { PLAN_CURRENCY, planById } from '@core/plans';
import { TIME_ZONE_HEADER } from '@core/schemas/time-zone';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { outboxMessagesTo } from '../../test/outbox';

const API = '/backend-service/v1';
const EMAIL = 'payer@example.com';
const DAY_MINUTES = 24 * 60;

/** A receipt's amount line for a plan's price on a cycle, as core/plans prices it. */
const amount = (price: number) => `Amount: ${price.toFixed(2)} ${PLAN_CURRENCY}`;

describe('billing emails', () => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  /** A user signed in at https://app.example (through a trusted proxy) from Tokyo, with a card. */
  async function payer(env: Record<string, string> = {}) {
    clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    // Sessions outlive the month the renewal test jumps through.
    t = await buildTestApp({ clock, env: { SESSION_TTL_HOURS: '20000', ...env } });
    const auth = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'app.example',
        [TIME_ZONE_HEADER]: 'Asia/Tokyo',
      },
      payload: { email: EMAIL, name: 'Pat', password: 'password123' },
    });
    const headers = { authorization: `Bearer ${auth.json().token}` };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
    const card = await call('POST', '/payments/local/payment-methods', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const pay = (method: 'POST' | 'PUT', planId: number, billingCycle: number) =>
      call(method, '/payments', {
        name: 'Pat Payer',
        email: EMAIL,
        zipcode: '94107',
        planId,
        billingCycle,
        paymentMethodId: card.json().paymentMethodId,
      });
    return { call, pay };
  }
  const mails = () => outboxMessagesTo(t.config, EMAIL);

  it('sends a receipt for a payment, for a change of plan and for a renewal', async () => {
    const { call, pay } = await payer();
    expect((await pay('POST', 2, 1)).statusCode).toBe(200);
    const [receipt] = mails();
    const lite = planById(2);
    expect(receipt).toContain(`Subject: ${EMAIL_MESSAGES.receiptSubject(lite.title)}`);
    expect(receipt).toContain('Hi Pat,');
    expect(receipt).toContain(`Plan: ${lite.title}`);
    expect(receipt).toContain(amount(lite.monthlyPrice));
    expect(receipt).toContain('Billing cycle: monthly');
    expect(receipt).toContain(
      'Period: Sunday 22 November 2026 at 21:00 (Asia/Tokyo) to Tuesday 22 December 2026 at 21:00 (Asia/Tokyo)',
    );
    expect(receipt).toContain('Renews: Tuesday 22 December 2026 at 21:00 (Asia/Tokyo)');
    expect(receipt).toContain('Card: ending in 4242');
    expect(receipt).toContain(`${EMAIL_MESSAGES.accountPage}: https://app.example/account`);

    expect((await pay('PUT', 3, 2)).statusCode).toBe(200);
    const guru = planById(3);
    expect(mails()).toHaveLength(2);
    expect(mails()[0]).toContain(`Subject: ${EMAIL_MESSAGES.receiptSubject(guru.title)}`);
    expect(mails()[0]).toContain(amount(guru.yearlyPrice));
    expect(mails()[0]).toContain('Billing cycle: annual');
    expect(mails()[0]).toContain('Renews: Monday 22 November 2027 at 21:00 (Asia/Tokyo)');

    // The year ends; the usage endpoint settles the renewal, which charges the card.
    clock.advanceMinutes(366 * DAY_MINUTES);
    expect((await call('GET', '/usage/serp-analysis-tool')).statusCode).toBe(200);
    expect(mails()).toHaveLength(3);
    expect(mails()[0]).toContain(amount(guru.yearlyPrice));
    expect(mails()[0]).toContain(
      'Period: Monday 22 November 2027 at 21:00 (Asia/Tokyo) to Wednesday 22 November 2028 at 21:00 (Asia/Tokyo)',
    );
  });

  it('sends a notice of a cancellation, with the date paid service ends and a way back', async () => {
    const { pay } = await payer({ PUBLIC_URL: 'https://speedrank.example.com' });
    await pay('POST', 2, 1);
    const cancel = await pay('PUT', 1, 1);
    expect(cancel.json()).toMatchObject({ cancelsAt: '2026-12-22T12:00:00.000Z' });
    const [notice] = mails();
    expect(mails()).toHaveLength(2);
    expect(notice).toContain(`Subject: ${EMAIL_MESSAGES.cancellationSubject(planById(2).title)}`);
    expect(notice).toContain('until Tuesday 22 December 2026 at 21:00 (Asia/Tokyo)');
    expect(notice).toContain(
      `${EMAIL_MESSAGES.pricingPage}: https://speedrank.example.com/pricing`,
    );
    expect(notice).not.toContain('app.example');
  });

  it('keeps a payment that went through when its receipt cannot be sent', async () => {
    const { pay } = await payer();
    vi.spyOn(t.app.services.email, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    const paid = await pay('POST', 2, 1);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ planId: 2, renewsAt: '2026-12-22T12:00:00.000Z' });
    expect(mails()).toEqual([]);
  });
});
