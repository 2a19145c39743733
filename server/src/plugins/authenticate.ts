import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { WORKSPACE_HEADER } from '@core/workspaces/header';
import { policyOfRoute, type WorkspacePolicy } from '@core/workspaces/policy';
import { TOKEN_ERROR_CODES, TOKEN_MESSAGES } from '@core/messages/api-tokens';
import { roleAllows } from '@core/workspaces/roles';
import { isApiToken } from '@core/workspaces/scopes';
import type { ApiTokenUse } from '../auth/api-token-sign-in';
import type { AuthenticateExtras, SessionClaims } from '../auth/session-tokens';
import type { User } from '../db/schema';
import { remaining, remainingOf } from '../quota/remaining';
import type { QuotaTool } from '../quota/quotas';
import type { Services } from '../services';
import { Forbidden, NotFound, Unauthorized } from '../domain/errors';
import type { Holder, WorkspaceAccess } from '../domain/workspace-access';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface Authenticated {
  user: User;
  /** The session signed in with; null for an API token. */
  claims: SessionClaims | null;
  /** The API token the request came with, if it came with one rather than a session. */
  token: ApiTokenUse | null;
  /**
   * The workspace the request acts in (the `X-Workspace-Id` header's, else the personal
   * one) with the user's role; null when they are not its member, which a route of a
   * workspace (core/workspaces/policy.ts) never lets through.
   */
  workspace: WorkspaceAccess | null;
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
   * is read in the session's query, a round trip fewer. The body is not validated yet: none
   * when it names no tool.
   */
  usage?: (request: FastifyRequest) => QuotaTool | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user once the route's `identify` or `requireUser` hook ran; else null. */
    auth: Authenticated | null;
    /** The signed-in user of a route behind `requireUser` or in a `requireSignedIn` scope. */
    readonly signedIn: Authenticated;
    /** The workspace of a signed-in request to a route of the workspace policy. */
    readonly workspace: WorkspaceAccess;
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

/** The policy of the request's route; a HEAD is its GET's. */
export function requestPolicy(request: FastifyRequest): WorkspacePolicy | undefined {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return policyOfRoute(method, request.routeOptions.url ?? '');
}

/** The workspace a request names for its route's policy: by its path's id or the header. */
function namedWorkspace(request: FastifyRequest, policy: WorkspacePolicy): string | undefined {
  const named =
    policy.from === 'path'
      ? (request.params as { id?: unknown }).id
      : request.headers[WORKSPACE_HEADER];
  return typeof named === 'string' && named !== '' ? named : undefined;
}

/** Refuses a caller whose role in the workspace is below what the policy asks. */
function requireRole(workspace: WorkspaceAccess, policy: WorkspacePolicy): void {
  if (!roleAllows(workspace.role, policy.role)) {
    throw new Forbidden(
      WORKSPACE_MESSAGES.roleNeeded(policy.role, workspace.role),
      WORKSPACE_ERROR_CODES.roleNeeded,
    );
  }
}

const workspaceNotFound = () =>
  new NotFound(WORKSPACE_MESSAGES.notFound, WORKSPACE_ERROR_CODES.notFound);

/**
 * The maker of an API token, acting in the token's workspace: only on a route of the
 * policy that names a scope, with the scope among the token's and the role its maker holds
 * there now. A token that does not work is a 401 even where visitors are welcome: its
 * script should learn so rather than run as nobody.
 */
async function tokenAuthenticated(
  services: Pick<Services, 'tokenSignIn'>,
  request: FastifyRequest,
  secret: string,
  policy: WorkspacePolicy | undefined,
): Promise<Authenticated> {
  if (!policy?.scope) {
    throw new Forbidden(TOKEN_MESSAGES.notForTokens, TOKEN_ERROR_CODES.notForTokens);
  }
  const signedIn = await services.tokenSignIn.authenticate(secret);
  if (!signedIn) throw new Unauthorized(TOKEN_MESSAGES.invalid, TOKEN_ERROR_CODES.invalid);
  const { token, user, workspace } = signedIn;
  const named = namedWorkspace(request, policy);
  if (named !== undefined && named !== workspace.id) throw workspaceNotFound();
  requireRole(workspace, policy);
  if (!token.scopes.includes(policy.scope)) {
    throw new Forbidden(TOKEN_MESSAGES.scopeNeeded(policy.scope), TOKEN_ERROR_CODES.scopeNeeded);
  }
  return { user, claims: null, token, workspace };
}

/**
 * The signed-in user of a request, or null when the bearer token is missing or invalid.
 * On a route of a workspace, the workspace it names must be the user's and their role
 * must be the one the policy asks: else 404 (as a workspace that does not exist) or 403.
 * An API token (`srk_…`) signs in as its maker, in its own workspace only.
 */
export async function authenticate(
  services: Pick<Services, 'sessions' | 'tokenSignIn'>,
  request: FastifyRequest,
  extras: Omit<AuthenticateExtras, 'workspaceId'> = {},
): Promise<(Authenticated & { used?: number; settlementDue?: boolean }) | null> {
  const credential = bearerToken(request);
  if (!credential) return null;
  const policy = requestPolicy(request);
  if (isApiToken(credential)) return tokenAuthenticated(services, request, credential, policy);
  const workspaceId = policy && namedWorkspace(request, policy);
  // The session row is read on every request (with its user and workspace, in one query).
  const auth = await services.sessions.authenticate(credential, {
    ...extras,
    ...(workspaceId ? { workspaceId } : {}),
  });
  if (!auth) return null;
  if (policy) {
    if (!auth.workspace) throw workspaceNotFound();
    requireRole(auth.workspace, policy);
  }
  return { ...auth, token: null };
}

/** The session of a signed-in request outside the policy, where no API token gets in. */
export function sessionClaims(auth: Authenticated): SessionClaims {
  if (!auth.claims) {
    throw new Forbidden(TOKEN_MESSAGES.notForTokens, TOKEN_ERROR_CODES.notForTokens);
  }
  return auth.claims;
}

/** Whose rows and allowances a signed-in request uses: its workspace's. */
export function holderOf(auth: Authenticated): Holder {
  // A route outside the policy acts in the personal workspace, whose id is the user's.
  return auth.workspace ?? { id: auth.user.id, planId: auth.user.plan_id };
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
  const { used } = request.signedIn;
  const holder = holderOf(request.signedIn);
  if (used !== undefined && request.auth?.usedTool === tool) return remainingOf(holder, tool, used);
  return remaining(services.quotas, holder, request.ip, tool);
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
  // Before the body is validated: a caller who may not act learns nothing but 401, 403, 404.
  scope.addHook('preValidation', (request, reply) => {
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
  app.decorateRequest('workspace', {
    getter(this: FastifyRequest): WorkspaceAccess {
      const workspace = this.auth?.workspace;
      if (!workspace) throw new Error(`${this.url} is not a route of the workspace policy`);
      return workspace;
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
          ...(tool
            ? { counter: (workspaceId) => services.quotas.counterKey(workspaceId, tool) }
            : {}),
          settlement: settle,
        });
        if (!auth) throw new Unauthorized(message);
        const { claims, token, used, settlementDue, workspace } = auth;
        // settle() reads nothing else when no subscription is due (the query said).
        const user = settle && settlementDue ? await settledUser(services, auth.user) : auth.user;
        request.auth = {
          claims,
          token,
          // A workspace of the user's own follows their plan as it is once settled.
          workspace:
            workspace?.ownerId === user.id ? { ...workspace, planId: user.plan_id } : workspace,
          user,
          ...(tool ? { used, usedTool: tool } : {}),
        };
      },
  );
}
