import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

const CLIENT_ID = 'speedrank-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

export interface IdTokenOptions {
  /** Another key than the one the endpoint publishes. */
  stranger?: boolean;
  audience?: string;
  issuer?: string;
  expiresIn?: string;
  claims?: Record<string, unknown>;
}

/**
 * A JWKS endpoint of our own on loopback, standing in for Google's published keys, with
 * the environment that points the app at it and ID tokens signed by its key.
 */
export async function startGoogleKeys() {
  const pair = await generateKeyPair('RS256');
  const strangerKey: CryptoKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = {
    ...(await exportJWK(pair.publicKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  return {
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, GOOGLE_ISSUERS: ISSUER },
    idToken: ({
      stranger = false,
      audience = CLIENT_ID,
      issuer = ISSUER,
      expiresIn = '1h',
      claims = {},
    }: IdTokenOptions = {}) =>
      new SignJWT({ email: 'gail@example.com', email_verified: true, name: 'Gail G', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject('google-sub-1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(stranger ? strangerKey : pair.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
