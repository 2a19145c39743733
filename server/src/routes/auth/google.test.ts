import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startGoogleKeys, type IdTokenOptions } from '../../../test/google-keys';

const API = '/backend-service/v1';

let google: Awaited<ReturnType<typeof startGoogleKeys>>;
beforeAll(async () => {
  google = await startGoogleKeys();
});
afterAll(() => google.close());
const idToken = (options?: IdTokenOptions) => google.idToken(options);

describe('Google sign-in', () => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
  const withGoogle = () => buildTestApp({ env: google.env });

  it('registers and signs in with a verified ID token', async () => {
    t = await withGoogle();
    const reg = await post('/auth/google-register', { credential: await idToken() });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ email: 'gail@example.com', name: 'Gail G', google: true });
    const dup = await post('/auth/google-register', { credential: await idToken() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: MESSAGES.emailAlreadyRegistered });
    const login = await post('/auth/google-login', { credential: await idToken() });
    expect(login.statusCode).toBe(200);
  });

  it.each<[string, IdTokenOptions]>([
    ['a token signed by another key', { stranger: true }],
    ['a token for another audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['a token from another issuer', { issuer: 'https://evil.example.com' }],
    ['an expired token', { expiresIn: '-5m' }],
    ['an unverified email', { claims: { email_verified: false } }],
  ])('refuses %s', async (_name, options) => {
    t = await withGoogle();
    const credential = await idToken(options);
    const res = await post('/auth/google-login', { credential });
    expect(res.statusCode).toBe(401);
    const reg = await post('/auth/google-register', { credential });
    expect(reg.statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses a request that carries only an email', async () => {
    t = await withGoogle();
    const res = await post('/auth/google-login', { email: 'gail@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/credential/);
  });

  it('is off without GOOGLE_CLIENT_ID', async () => {
    t = await buildTestApp();
    const res = await post('/auth/google-login', { credential: await idToken() });
    expect(res.statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: `${API}/site-config` });
    expect(config.json().googleClientId).toBeNull();
  });
});
