import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_CODES, MESSAGES } from '@core/messages';
import { TIME_ZONE_HEADER } from '@core/schemas/time-zone';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { lastLinkTo } from '../../../test/outbox';
import { LINK_UNUSABLE } from '../email-links/email-links';
import { ROTATION_GRACE_MS } from '../../auth/session-tokens';
import { describeOnDatabases } from '../../../test/backends';

const API = '/backend-service/v1';

describeOnDatabases('accounts API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('registers, answers the auth object, and refuses a duplicate with 409', async () => {
    t = await buildTestApp({ postgres });
    const res = await post('/auth/register', {
      email: 'Ann@Example.com',
      name: 'Ann',
      password: 'password123',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'billingCycle',
        'cancelsAt',
        'email',
        'google',
        'name',
        'planId',
        'renewsAt',
        'token',
        'userId',
      ].sort(),
    );
    expect(body).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      planId: 1,
      billingCycle: 1,
      google: false,
    });
    const stored = await t.db.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const dup = await post('/auth/register', { email: 'ann@example.com', password: 'password123' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: MESSAGES.emailAlreadyRegistered });
  });

  it('answers sign-in with 200, 404 for an unknown email and 409 with a code', async () => {
    t = await buildTestApp({ postgres });
    await post('/auth/register', { email: 'bo@example.com', password: 'password123' });
    expect(
      (await post('/auth/login', { email: 'bo@example.com', password: 'password123' })).statusCode,
    ).toBe(200);

    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.emailNotOnFile });

    const wrong = await post('/auth/login', { email: 'bo@example.com', password: 'wrong-one' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ message: AUTH_CODES.passwordIncorrect });

    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email: 'old@example.com',
        name: '',
        password_hash: null,
        google_sub: null,
        plan_id: 1,
        billing_cycle: 1,
        renews_at: null,
        cancels_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const legacy = await post('/auth/login', { email: 'old@example.com', password: '' });
    expect(legacy.statusCode).toBe(409);
    expect(legacy.json()).toEqual({ message: AUTH_CODES.oldUser });

    await t.db.kysely
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email: 'g@example.com',
        name: 'G',
        password_hash: null,
        google_sub: 'google-1',
        plan_id: 1,
        billing_cycle: 1,
        renews_at: null,
        cancels_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const google = await post('/auth/login', { email: 'g@example.com', password: 'anything1' });
    expect(google.statusCode).toBe(409);
    expect(google.json()).toEqual({ message: AUTH_CODES.passwordIncorrect, google: true });
  });

  it('rotates the token on refresh: the old one stops working after a grace minute', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { token } = (
      await post('/auth/register', { email: 'cy@example.com', password: 'password123' })
    ).json();
    expect((await get('/auth/token-status', token)).json()).toEqual({
      data: { status: 'SUCCESS' },
    });
    const refreshed = await post('/auth/refresh', { token, email: 'cy@example.com' }, token);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().token;
    expect(next).not.toBe(token);
    // A page left while its refresh was in flight presents the old token again: it still
    // works within the grace, and is rotated again.
    const again = await post('/auth/refresh', { token }, token);
    expect(again.statusCode).toBe(200);
    clock.advanceMinutes(ROTATION_GRACE_MS / 60_000 + 1);
    expect((await post('/auth/refresh', { token }, token)).statusCode).toBe(401);
    expect((await get('/auth/token-status', token)).json()).toEqual({
      data: { status: 'FAILURE' },
    });
    expect((await get('/auth/token-status', next)).json()).toEqual({
      data: { status: 'SUCCESS' },
    });
  });

  it('throttles failed sign-ins per email with a 429 and a clear message', async () => {
    t = await buildTestApp({ postgres });
    await post('/auth/register', { email: 'dee@example.com', password: 'password123' });
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/auth/login', { email: 'dee@example.com', password: 'nope' })).statusCode,
      ).toBe(409);
    }
    const limited = await post('/auth/login', {
      email: 'dee@example.com',
      password: 'password123',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles an address of the longest length allowed like any other', async () => {
    t = await buildTestApp({ postgres });
    // 320 characters: its throttle bucket is longer than the column that stores buckets.
    const email = `${'d'.repeat(311)}@ex.com`;
    await post('/auth/register', { email, password: 'password123' });
    for (let i = 0; i < 10; i++) {
      expect((await post('/auth/login', { email, password: 'nope' })).statusCode).toBe(409);
    }
    expect((await post('/auth/login', { email, password: 'password123' })).statusCode).toBe(429);
  });
});

describe('accounts API (SQLite)', () => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}` });

  it('signs in once with an emailed secure link, which then expires', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ clock });
    await post('/auth/register', { email: 'eve@example.com', password: 'password123' });
    const sent = await post('/secure-link/eve@example.com', { originUrl: '/serp-checker' });
    expect(sent.statusCode).toBe(200);
    const link = lastLinkTo(t.config, 'eve@example.com');
    expect(link.pathname).toBe('/serp-checker');
    expect(link.searchParams.get('origin')).toBe('s');
    expect(link.searchParams.has('country')).toBe(false);
    const token = link.searchParams.get('token')!;

    const first = await get(`/secure-link/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe('eve@example.com');
    expect((await get(`/secure-link/${token}`)).statusCode).toBe(401);
    // A malformed token is just another unusable link: the friendly message, not a validator's.
    for (const bad of ['short', 'not a token at all !', 'x'.repeat(90)]) {
      const res = await get(`/reset-password/${bad}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(LINK_UNUSABLE);
    }

    await post('/secure-link/eve@example.com', {
      originUrl: '/',
      country: 'de',
      language: 'de',
      googleDomain: 'google.de',
    });
    const late = lastLinkTo(t.config, 'eve@example.com');
    expect(late.searchParams.get('country')).toBe('de');
    clock.advanceMinutes(16);
    const expired = await get(`/secure-link/${late.searchParams.get('token')}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired or was already used/);
  });

  it("carries the search asked from in the link, and records it with the user's settings", async () => {
    t = await buildTestApp();
    const { token: session } = (
      await post('/auth/register', { email: 'sam@example.com', password: 'password123' })
    ).json();
    const sent = await post('/secure-link/sam@example.com', {
      originUrl: '/serp-analysis-tool',
      searchKeyword: 'lemon sorbet',
    });
    expect(sent.statusCode).toBe(200);
    const link = lastLinkTo(t.config, 'sam@example.com');
    expect(link.pathname).toBe('/serp-analysis-tool');
    expect(link.searchParams.get('searchTerm')).toBe('lemon sorbet');
    const settings = await t.app.inject({
      method: 'GET',
      url: `${API}/settings`,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(settings.json()).toMatchObject({
      searchKeyword: 'lemon sorbet',
      originUrl: '/serp-analysis-tool',
    });
  });

  it('records where each sign-in came from, and links emails there, not to whoever asks', async () => {
    t = await buildTestApp();
    const from = (host: string, timeZone: string) => ({
      'x-forwarded-proto': 'https',
      'x-forwarded-host': host,
      [TIME_ZONE_HEADER]: timeZone,
    });
    const stored = () =>
      t.db.kysely
        .selectFrom('users')
        .select(['sign_in_origin', 'time_zone'])
        .where('email', '=', 'gil@example.com')
        .executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      headers: from('app.example', 'Europe/Berlin'),
      payload: { email: 'gil@example.com', password: 'password123' },
    });
    expect(await stored()).toEqual({
      sign_in_origin: 'https://app.example',
      time_zone: 'Europe/Berlin',
    });

    // Anyone may ask for a known user's link, with any Host: the link goes where they signed in.
    await t.app.inject({
      method: 'POST',
      url: `${API}/secure-link/gil@example.com`,
      headers: { host: 'attacker.example' },
      payload: { originUrl: '/pricing' },
    });
    const link = lastLinkTo(t.config, 'gil@example.com');
    expect(link.origin).toBe('https://app.example');
    expect(link.pathname).toBe('/pricing');

    // Signing in through the link moves the origin; a zone Intl does not know is ignored.
    const redeemed = await t.app.inject({
      method: 'GET',
      url: `${API}/secure-link/${link.searchParams.get('token')}`,
      headers: from('speed.example.org', 'Not/A_Zone'),
    });
    expect(redeemed.statusCode).toBe(200);
    expect(await stored()).toEqual({
      sign_in_origin: 'https://speed.example.org',
      time_zone: 'Europe/Berlin',
    });
  });

  it('stores only a hash of emailed tokens', async () => {
    t = await buildTestApp();
    await post('/auth/register', { email: 'hash@example.com', password: 'password123' });
    await post('/reset-password/hash@example.com', { originUrl: '/' });
    const token = lastLinkTo(t.config, 'hash@example.com').searchParams.get('token')!;
    const row = await t.db.kysely
      .selectFrom('one_time_tokens')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('resets a password through the emailed link and revokes other sessions', async () => {
    t = await buildTestApp();
    const other = (
      await post('/auth/register', { email: 'fay@example.com', password: 'password123' })
    ).json().token;
    await post('/reset-password/fay@example.com', { originUrl: '/' });
    const link = lastLinkTo(t.config, 'fay@example.com');
    expect(link.searchParams.get('origin')).toBe('p');
    const auth = (await get(`/reset-password/${link.searchParams.get('token')}`)).json();
    const reset = await post('/reset-password', { password: 'brand-new-pw' }, auth.token);
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/auth/login', { email: 'fay@example.com', password: 'brand-new-pw' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/auth/login', { email: 'fay@example.com', password: 'password123' })).statusCode,
    ).toBe(409);
    expect((await post('/auth/refresh', {}, other)).statusCode).toBe(401);
  });

  it('refuses a reset without a token with 401 and its message', async () => {
    t = await buildTestApp();
    const res = await post('/reset-password', { password: 'brand-new-pw' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.noResetToken });
  });

  it('answers 200 for an unknown email without sending anything', async () => {
    t = await buildTestApp();
    const res = await post('/secure-link/ghost@example.com', { originUrl: '/' });
    expect(res.statusCode).toBe(200);
    expect(() => lastLinkTo(t.config, 'ghost@example.com')).toThrow();
  });

  it('throttles emails per address', async () => {
    t = await buildTestApp();
    await post('/auth/register', { email: 'gil@example.com', password: 'password123' });
    for (let i = 0; i < 5; i++) {
      expect((await post('/secure-link/gil@example.com', { originUrl: '/' })).statusCode).toBe(200);
    }
    expect((await post('/secure-link/gil@example.com', { originUrl: '/' })).statusCode).toBe(429);
  });

  it('throttles registrations per IP', async () => {
    t = await buildTestApp({ env: { REGISTRATIONS_PER_IP: '3' } });
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/auth/register', { email: `r${i}@example.com`, password: 'password123' }))
          .statusCode,
      ).toBe(200);
    }
    const res = await post('/auth/register', { email: 'r9@example.com', password: 'password123' });
    expect(res.statusCode).toBe(429);
    expect(
      await t.db.kysely
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'r9@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('lets a legacy user create a password that works after the emailed link', async () => {
    t = await buildTestApp();
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email: 'leg@example.com',
        name: 'Leg',
        password_hash: null,
        google_sub: null,
        plan_id: 1,
        billing_cycle: 1,
        renews_at: null,
        cancels_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await post('/auth/create-password', {
      email: 'leg@example.com',
      password: 'legacy-pass1',
    });
    expect(res.statusCode).toBe(202);
    // Not active until the owner of the address follows the link.
    expect(
      (await post('/auth/login', { email: 'leg@example.com', password: 'legacy-pass1' })).json(),
    ).toEqual({
      message: AUTH_CODES.oldUser,
    });
    const token = lastLinkTo(t.config, 'leg@example.com').searchParams.get('token');
    expect((await get(`/secure-link/${token}`)).statusCode).toBe(200);
    expect(
      (await post('/auth/login', { email: 'leg@example.com', password: 'legacy-pass1' }))
        .statusCode,
    ).toBe(200);
  });

  it('rejects bad bodies with 400 and a clear message, writing nothing', async () => {
    t = await buildTestApp();
    const cases: [string, object][] = [
      ['/auth/register', { email: 'not-an-email', password: 'password123' }],
      ['/auth/register', { email: 'x@example.com', password: 'short' }],
      ['/auth/login', { password: 'x' }],
      ['/auth/create-password', { email: 'x@example.com' }],
      ['/email-subscribers', { emailAddress: 'nope' }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^Invalid request\. /);
    }
    const short = await post('/auth/register', { email: 'x@example.com', password: 'short' });
    expect(short.json().message).toContain(MESSAGES.passwordLength);
    expect(await t.db.kysely.selectFrom('users').selectAll().execute()).toEqual([]);
  });
});
