import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Clock } from '../shared/clock';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
  clock: Clock;
}

/**
 * Verifies a Google ID token: signature against Google's published keys, issuer,
 * audience (our client id), expiry, and a verified email.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(credential, jwks, {
        issuer: options.issuers,
        audience: options.clientId,
        currentDate: options.clock.now(),
      });
      if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
      if (typeof payload.email !== 'string' || typeof payload.sub !== 'string') return null;
      const name =
        typeof payload.name === 'string'
          ? payload.name
          : [payload.given_name, payload.family_name]
              .filter((p) => typeof p === 'string')
              .join(' ');
      return { sub: payload.sub, email: payload.email.toLowerCase(), name };
    } catch {
      return null;
    }
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
