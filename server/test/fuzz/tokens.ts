import crypto from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { WORKSPACE_HEADER } from '@core/workspaces/header';
import type { Services } from '../../src/services';
import type { AuthKind } from './request-arbitrary';

interface Claims {
  sid: string;
  sub: string;
}

const sign = (claims: Claims, key: Uint8Array, expiresAt: Date) =>
  new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(Math.floor(expiresAt.getTime() / 1000) - 3600)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);

const unsigned = (claims: Claims) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: 4_102_444_800 })}.`;
};

/** Who the fuzzed callers are: two users, a viewer of a Pro's team, and API tokens of it. */
export interface FuzzCallers {
  free: string;
  pro: string;
  viewer: string;
  /** The Pro's shared workspace, where `viewer` is a viewer. */
  team: string;
  /** A live API token of the Pro for the team, with every scope; and a revoked one. */
  apiToken: string;
  revokedApiToken: string;
}

/**
 * The credential headers of each kind of caller: a free or a Pro user's live token, a
 * viewer acting in the team (its `X-Workspace-Id`, unless the case sends its own), an API
 * token, and credentials that must not work, each wrong in one way only (the rest is a
 * live session's).
 */
export function callerTokens(
  services: Services,
  secret: Uint8Array,
  users: FuzzCallers,
): (kind: AuthKind) => Promise<Record<string, string>> {
  const offset = (ms: number) => new Date(services.clock.now().getTime() + ms);
  /** A new session's claims, signed again as `resign` says. */
  const session = async (userId: string, resign: (claims: Claims) => Promise<string> | string) =>
    resign(decodeJwt(await services.sessions.issue(userId)) as unknown as Claims);

  // A signed-in case reuses its user's token while it works: issuing one is a write.
  const live = new Map<string, string>();
  const liveToken = async (userId: string) => {
    const cached = live.get(userId);
    if (cached && (await services.sessions.verify(cached))) return cached;
    const token = await services.sessions.issue(userId);
    live.set(userId, token);
    return token;
  };

  const tokens: Record<Exclude<AuthKind, { garbage: string } | 'none'>, () => Promise<string>> = {
    free: () => liveToken(users.free),
    pro: () => liveToken(users.pro),
    viewer: () => liveToken(users.viewer),
    token: async () => users.apiToken,
    'revoked-token': async () => users.revokedApiToken,
    expired: () => session(users.free, (c) => sign(c, secret, offset(-60_000))),
    forged: () => session(users.free, (c) => sign(c, crypto.randomBytes(32), offset(3_600_000))),
    'alg-none': () => session(users.free, unsigned),
    'unknown-session': () =>
      sign({ sid: crypto.randomUUID(), sub: users.pro }, secret, offset(3_600_000)),
    revoked: async () => {
      const token = await services.sessions.issue(users.pro);
      const { sid } = decodeJwt(token) as unknown as Claims;
      await services.db.kysely
        .updateTable('sessions')
        .set({ revoked_at: services.clock.now().toISOString() })
        .where('id', '=', sid)
        .execute();
      return token;
    },
    'wrong-scheme': () => services.sessions.issue(users.pro),
  };
  return async (kind): Promise<Record<string, string>> => {
    if (typeof kind === 'object') return { authorization: `Bearer ${kind.garbage}` };
    if (kind === 'none') return {};
    const token = await tokens[kind]();
    if (kind === 'viewer') {
      return { authorization: `Bearer ${token}`, [WORKSPACE_HEADER]: users.team };
    }
    return { authorization: kind === 'wrong-scheme' ? `Basic ${token}` : `Bearer ${token}` };
  };
}
