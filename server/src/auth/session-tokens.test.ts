import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { ROTATION_GRACE_MS, verifiedPayload } from './session-tokens';
import { describeOnDatabases } from '../../test/backends';

const secret = crypto.randomBytes(32);
const key = Buffer.from(secret);
const now = new Date('2026-11-22T12:00:00Z');
const seconds = now.getTime() / 1000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed by hand, to build headers and payloads jose's signer would refuse. */
function handSigned(header: unknown, payload: unknown, withSecret: Uint8Array = secret) {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature = crypto
    .createHmac('sha256', withSecret)
    .update(signingInput)
    .digest('base64url');
  return `${signingInput}.${signature}`;
}

async function joseAccepts(token: string) {
  try {
    await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    return true;
  } catch {
    return false;
  }
}

describe('verifiedPayload', () => {
  const valid = { sub: 'user-1', sid: 'session-1', iat: seconds - 60, exp: seconds + 3600 };
  // Not here, two edges where fast-jwt is laxer than jose, neither reachable without our
  // secret: the very second of `exp` (the session row's own end still applies), a text `iat`.
  const cases: [string, string | (() => Promise<string>)][] = [
    [
      'a token jose signed',
      () =>
        new SignJWT({ sid: 'session-1' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('user-1')
          .setIssuedAt(seconds - 60)
          .setExpirationTime(seconds + 3600)
          .sign(secret),
    ],
    ['a typ header', handSigned({ alg: 'HS256', typ: 'JWT' }, valid)],
    ['no exp', handSigned({ alg: 'HS256' }, { sub: 'u', sid: 's' })],
    ['exp passed', handSigned({ alg: 'HS256' }, { ...valid, exp: seconds - 1 })],
    ['exp as text', handSigned({ alg: 'HS256' }, { ...valid, exp: String(seconds + 60) })],
    ['nbf ahead', handSigned({ alg: 'HS256' }, { ...valid, nbf: seconds + 1 })],
    ['nbf now', handSigned({ alg: 'HS256' }, { ...valid, nbf: seconds })],
    ['another secret', handSigned({ alg: 'HS256' }, valid, crypto.randomBytes(32))],
    ['alg none', `${b64({ alg: 'none' })}.${b64(valid)}.`],
    ['alg HS512', handSigned({ alg: 'HS512' }, valid)],
    ['a crit header', handSigned({ alg: 'HS256', crit: ['exp'] }, valid)],
    ['an array payload', handSigned({ alg: 'HS256' }, [valid])],
    ['a null payload', handSigned({ alg: 'HS256' }, null)],
    ['an array header', handSigned([{ alg: 'HS256' }], valid)],
    ['two parts', handSigned({ alg: 'HS256' }, valid).split('.').slice(0, 2).join('.')],
    ['four parts', `${handSigned({ alg: 'HS256' }, valid)}.x`],
    ['garbage', 'not-a-token'],
    ['empty', ''],
  ];

  it.each(cases)('agrees with jose on %s', async (_name, make) => {
    const token = typeof make === 'string' ? make : await make();
    const accepted = verifiedPayload(token, key, now) !== null;
    expect(accepted).toBe(await joseAccepts(token));
  });

  it('refuses a token whose payload was changed after signing', () => {
    const [head, , signature] = handSigned({ alg: 'HS256' }, valid).split('.');
    const forged = `${head}.${b64({ ...valid, sub: 'admin' })}.${signature}`;
    expect(verifiedPayload(forged, key, now)).toBeNull();
  });

  it('gives the claims of a valid token', () => {
    expect(verifiedPayload(handSigned({ alg: 'HS256' }, valid), key, now)).toEqual(valid);
  });
});

describeOnDatabases('session authentication', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('reads the session with its user; a rotated one ends after a grace, a revoked one at once', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { sessions } = t.app.services;
    const user = await signUp(t.app);
    const auth = await sessions.authenticate(user.token);
    expect(auth?.user.id).toBe(user.userId);
    expect(auth?.claims).toEqual(await sessions.verify(user.token));
    expect(auth?.user).toEqual(await t.app.services.users.byId(user.userId));

    // Rotated out, it works for the grace minute, then stops.
    const next = await sessions.rotate(auth!.claims);
    expect(next).not.toBeNull();
    expect(await sessions.authenticate(user.token)).not.toBeNull();
    clock.advanceMinutes(ROTATION_GRACE_MS / 60_000 + 1);
    expect(await sessions.authenticate(user.token)).toBeNull();
    expect(await sessions.verify(user.token)).toBeNull();
    // Revoked (log-out, a new password), the successor stops at once.
    await sessions.revokeAllExcept(user.userId, null);
    expect(await sessions.authenticate(next!)).toBeNull();
  });

  it('refuses a session past its end even while the token is still valid', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const user = await signUp(t.app);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: clock.now().toISOString() })
      .execute();
    expect(await t.app.services.sessions.authenticate(user.token)).toBeNull();
  });

  it('reads the asked usage counter and whether a subscription is due in the same query', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { sessions, quotas } = t.app.services;
    const user = await signUp(t.app);
    const extras = {
      counter: (userId: string) => quotas.counterKey(userId, 'serp'),
      settlement: true,
    };
    expect(await sessions.authenticate(user.token, extras)).toMatchObject({
      used: 0,
      settlementDue: false,
    });
    await quotas.consume(user.userId, 'serp', 100, 3);
    await quotas.consume(user.userId, 'speed', 100, 5);
    const subscription = {
      id: crypto.randomUUID(),
      user_id: user.userId,
      provider: 'local' as const,
      provider_subscription_id: 'sub-1',
      provider_customer_id: null,
      payment_method_id: null,
      plan_id: 2,
      billing_cycle: 1,
      status: 'active' as const,
      current_period_start: new Date(clock.now().getTime() - 86_400_000).toISOString(),
      current_period_end: new Date(clock.now().getTime() + 60_000).toISOString(),
      cancel_at_period_end: 0,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    };
    await t.db.kysely.insertInto('subscriptions').values(subscription).execute();
    const before = await sessions.authenticate(user.token, extras);
    expect(before).toMatchObject({ used: 3, settlementDue: false });
    expect(before?.user).toEqual(await t.app.services.users.byId(user.userId));
    clock.advanceMinutes(1);
    expect(await sessions.authenticate(user.token, extras)).toMatchObject({
      used: 3,
      settlementDue: true,
    });
    const plain = await sessions.authenticate(user.token);
    expect(plain).not.toHaveProperty('used');
    expect(plain).not.toHaveProperty('settlementDue');
  });
});
