import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionClaims } from '../auth/session-tokens';
import type { User } from '../auth/users';
import type { Services } from '../services';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface Authenticated {
  user: User;
  claims: SessionClaims;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token || null;
}

/** The signed-in user of a request, or null when the bearer token is missing or invalid. */
export async function authenticate(
  services: Services,
  request: FastifyRequest,
): Promise<Authenticated | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await services.sessions.verify(token);
  if (!claims) return null;
  // Renewals and ends of cancelled periods apply before the plan is read.
  await services.billing.settle(claims.userId);
  const user = await services.users.byId(claims.userId);
  return user ? { user, claims } : null;
}

/** Like authenticate, but answers 401 itself; callers return when it gives null. */
export async function requireUser(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  message = SESSION_EXPIRED,
): Promise<Authenticated | null> {
  const auth = await authenticate(services, request);
  if (!auth) {
    await reply.status(401).send({ message });
    return null;
  }
  return auth;
}
