import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

const API = '/backend-service/v1';
const CLIENT_ID = 'speedrank-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

/** A JWKS endpoint of our own, standing in for Google's published keys. */
let server: http.Server;
let jwksUrl: string;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = {
    ...(await exportJWK(pair.publicKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface TokenOptions {
  key?: CryptoKey;
  audience?: string;
  issuer?: string;
  expiresIn?: string;
  claims?: Record<string, unknown>;
}

function idToken({
  key = googleKey,
  audience = CLIENT_ID,
  issuer = ISSUER,
  expiresIn = '1h',
  claims = {},
}: TokenOptions = {}) {
  return new SignJWT({ email: 'gail@example.com', email_verified: true, name: 'Gail G', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject('google-sub-1')
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

describe('Google sign-in', () => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
  const withGoogle = () =>
    buildTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, GOOGLE_ISSUERS: ISSUER },
    });

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

  it.each([
    ['a token signed by another key', { key: undefined as CryptoKey | undefined, stranger: true }],
    ['a token for another audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['a token from another issuer', { issuer: 'https://evil.example.com' }],
    ['an expired token', { expiresIn: '-5m' }],
    ['an unverified email', { claims: { email_verified: false } }],
  ])('refuses %s', async (_name, options) => {
    t = await withGoogle();
    const { stranger, ...rest } = options as TokenOptions & { stranger?: boolean };
    const credential = await idToken({ ...rest, ...(stranger ? { key: strangerKey } : {}) });
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
