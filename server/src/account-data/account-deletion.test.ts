import { afterEach, expect, it } from 'vitest';
import { ACCOUNT_DATA_MESSAGES, EMAIL_MESSAGES } from '@core/messages';
import { DELETE_LINK_TTL_MINUTES } from '@core/limits';
import { ROUTES } from '@core/routes';
import { ownedCounts, seedAccount, SEED_PASSWORD } from '../../test/account-seed';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { lastLinkTo, outboxMessagesTo } from '../../test/outbox';
import { startPayPalStandIn } from '../../test/paypal-stand-in';
import { HttpError } from '../http/fetch-json';
import { LocalPaymentProcessor } from '../providers/payments/local-processor';

const API = '/backend-service/v1';
const GURU_MONTHLY = 'P-GURU-MONTHLY';

/** The local processor, but down when asked to cancel: as a processor that fails. */
class ProcessorThatCannotCancel extends LocalPaymentProcessor {
  override cancelNow(): Promise<void> {
    return Promise.reject(new HttpError(503, null, 'The processor is down.'));
  }
}

describeOnDatabases('account deletion', ({ postgres }) => {
  let t: TestApp | undefined;
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>> | undefined;
  afterEach(async () => {
    await t?.close();
    await paypal?.close();
    t = undefined;
    paypal = undefined;
  });

  const remove = (payload: object, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: 'DELETE', url: `${API}/account`, payload, headers });

  it('refuses a wrong password with 403, a body without one proof with 400, and deletes nothing', async () => {
    t = await buildTestApp({ postgres });
    const seeded = await seedAccount(t.app, 'careful@example.com');
    const owner = { id: seeded.userId, email: seeded.email };
    const before = await ownedCounts(t.app, owner);

    const wrong = await remove({ password: 'not my password' }, seeded.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(ACCOUNT_DATA_MESSAGES.passwordIncorrect);
    for (const body of [{}, { password: SEED_PASSWORD, token: 'x'.repeat(40) }]) {
      const bad = await remove(body, seeded.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(ACCOUNT_DATA_MESSAGES.proofRequired);
    }
    expect((await remove({ password: SEED_PASSWORD })).statusCode).toBe(401);
    // The failed attempt counts in the sign-in failures' row the seed's failed sign-in made.
    expect(await ownedCounts(t.app, owner)).toEqual(before);
  });

  it('answers 502 and deletes nothing when the processor fails to cancel the subscription', async () => {
    t = await buildTestApp({
      postgres,
      overrides: { payments: (_config, db, clock) => new ProcessorThatCannotCancel(db, clock) },
    });
    const seeded = await seedAccount(t.app, 'subscribed@example.com');
    const owner = { id: seeded.userId, email: seeded.email };
    const before = await ownedCounts(t.app, owner);
    const res = await remove({ password: SEED_PASSWORD }, seeded.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      ACCOUNT_DATA_MESSAGES.processorFailed('The test payment processor'),
    );
    expect(await ownedCounts(t.app, owner)).toEqual(before);
    const sub = await t.db.kysely
      .selectFrom('subscriptions')
      .select('status')
      .where('user_id', '=', seeded.userId)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('active');
    expect(outboxMessagesTo(t.config, seeded.email).join()).not.toContain(
      EMAIL_MESSAGES.accountDeletedSubject,
    );
  });

  it('cancels a PayPal subscription at PayPal first; a refusal there deletes nothing', async () => {
    paypal = await startPayPalStandIn({ [GURU_MONTHLY]: 'month' });
    t = await buildTestApp({
      postgres,
      env: {
        ...paypal.env,
        PAYPAL_PLAN_GURU_MONTHLY: GURU_MONTHLY,
      },
    });
    const registered = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { email: 'paypal.payer@example.com', password: SEED_PASSWORD },
    });
    const { token, userId } = registered.json();
    const headers = { authorization: `Bearer ${token}` };
    const remote = paypal.create(GURU_MONTHLY, userId);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/paypal`,
      headers,
      payload: { subscriptionId: remote.id },
    });
    expect(subscribed.statusCode).toBe(200);
    const owner = { id: userId as string, email: 'paypal.payer@example.com' };
    const before = await ownedCounts(t.app, owner);

    paypal.refuseCancels(422);
    const refused = await remove({ password: SEED_PASSWORD }, headers);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(ACCOUNT_DATA_MESSAGES.processorFailed('PayPal'));
    expect(await ownedCounts(t.app, owner)).toEqual(before);
    expect(paypal.subscriptions.get(remote.id)!.status).toBe('ACTIVE');

    paypal.refuseCancels(null);
    const deleted = await remove({ password: SEED_PASSWORD }, headers);
    expect(deleted.statusCode).toBe(200);
    expect(paypal.subscriptions.get(remote.id)!.status).toBe('CANCELLED');
    expect(Object.values(await ownedCounts(t.app, owner)).every((n) => n === 0)).toBe(true);
  });

  it('deletes by an emailed link that works once, where nobody is signed in', async () => {
    t = await buildTestApp({ postgres });
    const seeded = await seedAccount(t.app, 'by.link@example.com');
    // An account made with Google has no password: the link is its way.
    await t.db.kysely
      .updateTable('users')
      .set({ password_hash: null, google_sub: 'google-123' })
      .where('id', '=', seeded.userId)
      .execute();
    const noPassword = await remove({ password: SEED_PASSWORD }, seeded.headers);
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json().message).toBe(ACCOUNT_DATA_MESSAGES.noPassword);

    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/account/delete-link`,
      headers: seeded.headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(ACCOUNT_DATA_MESSAGES.linkSent(DELETE_LINK_TTL_MINUTES));
    const link = lastLinkTo(t.config, seeded.email);
    expect(link.pathname).toBe(ROUTES.accountDelete);
    const token = link.searchParams.get('token')!;

    const deleted = await remove({ token });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.services.users.byId(seeded.userId)).toBeUndefined();
    const again = await remove({ token });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(ACCOUNT_DATA_MESSAGES.linkUnusable);
  });

  it('refuses an expired link, and a link for another purpose, and deletes nothing', async () => {
    const clock = new TestClock(new Date());
    t = await buildTestApp({ postgres, clock });
    const seeded = await seedAccount(t.app, 'too.late@example.com');
    await t.app.inject({
      method: 'POST',
      url: `${API}/account/delete-link`,
      headers: seeded.headers,
    });
    const token = lastLinkTo(t.config, seeded.email).searchParams.get('token')!;
    clock.advanceMinutes(DELETE_LINK_TTL_MINUTES + 1);
    const late = await remove({ token });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(ACCOUNT_DATA_MESSAGES.linkUnusable);

    // A sign-in link is not a deletion link.
    await t.app.inject({ method: 'POST', url: `${API}/secure-link/${seeded.email}`, payload: {} });
    const signIn = lastLinkTo(t.config, seeded.email).searchParams.get('token')!;
    expect((await remove({ token: signIn })).statusCode).toBe(401);
    expect(await t.app.services.users.byId(seeded.userId)).toBeDefined();
  });
});
