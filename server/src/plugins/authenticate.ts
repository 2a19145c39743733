import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticateExtras, SessionClaims } from '../auth/session-tokens';
import type { User } from '../db/schema';
import { remaining, remainingOf } from '../quota/remaining';
import type { QuotaTool } from '../quota/quotas';
import type { Services } from '../services';
import { Unauthorized } from '../domain/errors';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface Authenticated {
  user: User;
  claims: SessionClaims;
  /** This month's use of the route's `usage` tool (`usedTool`), read with the session. */
  used?: number;
  usedTool?: QuotaTool;
}

/** A route hook: it either answers the request itself, returning the reply, or lets it go on. */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RequireUserOptions {
  /** The 401's message; the expired-session one unless the route has its own. */
  message?: string;
  /** Apply due renewals and ends of cancelled periods first: for answers that show the plan. */
  settle?: boolean;
  /**
   * The quota tool whose use this month the route reports (`remainingFor`): its counter
   * is read in the session's query, a round trip fewer. The body is validated by then.
   */
  usage?: (request: FastifyRequest) => QuotaTool;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user once the route's `identify` or `requireUser` hook ran; else null. */
    auth: Authenticated | null;
    /** The signed-in user of a route behind `requireUser` or in a `requireSignedIn` scope. */
    readonly signedIn: Authenticated;
  }
  interface FastifyContextConfig {
    /** In a `requireSignedIn` scope: the tool whose usage the route reports (`RequireUserOptions`). */
    usage?: RequireUserOptions['usage'];
  }
  interface FastifyInstance {
    /** preHandler: sets request.auth to the signed-in user, or null for a visitor. */
    identify: RouteHook;
    /** A hook that sets request.auth, answering 401 when nobody is signed in. */
    requireUser(options?: RequireUserOptions): RouteHook;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token || null;
}

/** The signed-in user of a request, or null when the bearer token is missing or invalid. */
export async function authenticate(
  services: Pick<Services, 'sessions'>,
  request: FastifyRequest,
  extras: AuthenticateExtras = {},
): Promise<(Authenticated & { settlementDue?: boolean }) | null> {
  const token = bearerToken(request);
  if (!token) return null;
  // The session row is read on every request (with its user, in the same query).
  return services.sessions.authenticate(token, extras);
}

/** The user with their due subscriptions settled, read again when that changed the plan. */
export async function settledUser(
  services: Pick<Services, 'billing' | 'users'>,
  user: User,
): Promise<User> {
  if (!(await services.billing.settle(user.id))) return user;
  return (await services.users.byId(user.id)) ?? user;
}

/**
 * What the signed-in user has left of `tool` this month: from the counter read with the
 * session when the route's `requireUser` named it, else read now.
 */
export function remainingFor(
  services: Pick<Services, 'quotas'>,
  request: FastifyRequest,
  tool: QuotaTool,
): Promise<number> | number {
  const { user, used } = request.signedIn;
  if (used !== undefined && request.auth?.usedTool === tool) return remainingOf(user, tool, used);
  return remaining(services.quotas, user, request.ip, tool);
}

/**
 * Makes an encapsulated scope signed-in only: one preHandler answers 401 (with
 * `options.message`) when nobody is signed in, and each of its routes is described with the
 * bearer security. A route that reports a tool's usage names it in `config.usage`.
 */
export function requireSignedIn(
  scope: FastifyInstance,
  options: Omit<RequireUserOptions, 'usage'> = {},
): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  const plain = scope.requireUser(options);
  scope.addHook('preHandler', (request, reply) => {
    const usage = request.routeOptions.config.usage;
    return usage ? scope.requireUser({ ...options, usage })(request, reply) : plain(request, reply);
  });
}

/**
 * The sign-in hooks of the API. Tool requests only read the user: settling subscriptions
 * happens at sign-in, on the usage and account endpoints, and in the periodic sweep.
 */
export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('signedIn', {
    getter(this: FastifyRequest): Authenticated {
      if (!this.auth) throw new Error(`${this.url} has no requireUser hook`);
      return this.auth;
    },
  });
  app.decorate('identify', async (request: FastifyRequest) => {
    request.auth = await authenticate(services, request);
  });
  app.decorate(
    'requireUser',
    ({ message = SESSION_EXPIRED, settle = false, usage }: RequireUserOptions = {}): RouteHook =>
      async (request) => {
        const tool = usage?.(request);
        const auth = await authenticate(services, request, {
          ...(tool ? { counter: (userId) => services.quotas.counterKey(userId, tool) } : {}),
          settlement: settle,
        });
        if (!auth) throw new Unauthorized(message);
        const { user, claims, used, settlementDue } = auth;
        request.auth = {
          claims,
          // settle() reads nothing else when no subscription is due (the query said).
          user: settle && settlementDue ? await settledUser(services, user) : user,
          ...(tool ? { used, usedTool: tool } : {}),
        };
      },
  );
}
