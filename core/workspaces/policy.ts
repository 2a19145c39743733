import { API_BASE, type Endpoint } from '../endpoints/endpoint';
// Types only: the web's screens read this table without every feature's schemas.
import type { ACCOUNTS_ENDPOINTS } from '../endpoints/accounts';
import type { KEYWORDS_ENDPOINTS } from '../endpoints/keywords';
import type { RANK_TRACKING_ENDPOINTS } from '../endpoints/rank-tracking';
import type { RUM_ENDPOINTS } from '../endpoints/rum';
import type { SERP_ENDPOINTS } from '../endpoints/serp';
import type { SPEED_ENDPOINTS } from '../endpoints/speed';
import type { TRACKING_ENDPOINTS } from '../endpoints/tracking';
import type { USAGE_ENDPOINTS } from '../endpoints/usage';
import type { WEBHOOK_ENDPOINTS } from '../endpoints/webhooks';
import type { WORKSPACE_ENDPOINTS } from '../endpoints/workspaces';
import type { Role } from './roles';

/**
 * What a call of a workspace needs: the least role, and where it names the workspace (the
 * `X-Workspace-Id` header, or the path's `:id` for the workspace's own endpoints).
 */
export interface WorkspacePolicy {
  readonly role: Role;
  readonly from: 'header' | 'path';
}

const inHeader = (role: Role): WorkspacePolicy => ({ role, from: 'header' });
const inPath = (role: Role): WorkspacePolicy => ({ role, from: 'path' });

type Contracts<T> = T[keyof T];
type AnyContract = Contracts<
  | typeof ACCOUNTS_ENDPOINTS
  | typeof KEYWORDS_ENDPOINTS
  | typeof RANK_TRACKING_ENDPOINTS
  | typeof RUM_ENDPOINTS
  | typeof SERP_ENDPOINTS
  | typeof SPEED_ENDPOINTS
  | typeof TRACKING_ENDPOINTS
  | typeof USAGE_ENDPOINTS
  | typeof WEBHOOK_ENDPOINTS
  | typeof WORKSPACE_ENDPOINTS
>;
/** An endpoint as `METHOD /path`, its path as its contract writes it. */
export type RouteKey = AnyContract extends infer C
  ? C extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** The key of `contract` in WORKSPACE_POLICY. */
export const routeKey = (contract: Pick<Endpoint, 'method' | 'path'>): string =>
  `${contract.method} ${contract.path}`;

/**
 * Every call that acts in a workspace, with the role it needs: the one place roles are
 * decided, read by the server's sign-in hook (no route checks a role itself), by the web's
 * controls and by the role × route test. Reading needs a viewer; creating, changing and
 * anything that spends the allowance a member; webhooks and the workspace's settings an
 * admin; deleting the workspace its owner. Calls not listed act for the account alone (its
 * plan, settings, MixLab's password-gated scraping), or for whoever holds a run's id (a
 * speed run's status and events).
 */
export const WORKSPACE_POLICY: Readonly<Partial<Record<RouteKey, WorkspacePolicy>>> = {
  'POST /pagespeed/runs': inHeader('member'),
  'GET /pagespeed/tests': inHeader('viewer'),
  'GET /pagespeed/tests/compare': inHeader('viewer'),
  'POST /serp-search': inHeader('member'),
  'POST /rank-check': inHeader('member'),
  'POST /send-urls': inHeader('member'),
  'POST /keyword': inHeader('member'),
  'POST /keyword-data': inHeader('member'),
  'POST /keyword-clusters': inHeader('member'),
  'POST /keyword-serp': inHeader('member'),
  'GET /settings/keywords': inHeader('viewer'),
  'POST /settings/keywords': inHeader('member'),
  'GET /usage/serp-analysis-tool': inHeader('viewer'),
  'GET /usage/website-speed-tool': inHeader('viewer'),
  'GET /usage/keyword-tool': inHeader('viewer'),
  'POST /rate-limit': inHeader('viewer'),
  'POST /kwt-rate-limit': inHeader('viewer'),
  'GET /tracking/pages': inHeader('viewer'),
  'POST /tracking/pages': inHeader('member'),
  'PATCH /tracking/pages/:id': inHeader('member'),
  'DELETE /tracking/pages/:id': inHeader('member'),
  'POST /tracking/pages/:id/run': inHeader('member'),
  'GET /tracking/pages/:id/history': inHeader('viewer'),
  'GET /tracking/pages/:id/history.csv': inHeader('viewer'),
  'GET /tracking/pages/:id/checks/:checkId': inHeader('viewer'),
  'GET /tracking/pages/:id/alerts': inHeader('viewer'),
  'GET /tracking/pages/:id/field-history': inHeader('viewer'),
  'GET /tracking/pages/:id/compare': inHeader('viewer'),
  'GET /tracking/storage': inHeader('viewer'),
  'GET /tracking/webhooks': inHeader('admin'),
  'POST /tracking/webhooks': inHeader('admin'),
  'DELETE /tracking/webhooks/:id': inHeader('admin'),
  'POST /tracking/webhooks/:id/test': inHeader('admin'),
  'GET /tracking/webhooks/:id/deliveries': inHeader('admin'),
  'GET /rank-tracking/keywords': inHeader('viewer'),
  'POST /rank-tracking/keywords': inHeader('member'),
  'POST /rank-tracking/keywords/bulk': inHeader('member'),
  'PATCH /rank-tracking/keywords/:id': inHeader('member'),
  'DELETE /rank-tracking/keywords/:id': inHeader('member'),
  'GET /rank-tracking/keywords/:id/history': inHeader('viewer'),
  'POST /rank-tracking/keywords/:id/check': inHeader('member'),
  'GET /rum/sites': inHeader('viewer'),
  'POST /rum/sites': inHeader('member'),
  'GET /rum/sites/:id': inHeader('viewer'),
  'PATCH /rum/sites/:id': inHeader('member'),
  'DELETE /rum/sites/:id': inHeader('member'),
  'GET /rum/sites/:id/summary': inHeader('viewer'),
  'GET /rum/field': inHeader('viewer'),
  'PATCH /workspaces/:id': inPath('admin'),
  'DELETE /workspaces/:id': inPath('owner'),
  'GET /workspaces/:id/members': inPath('viewer'),
  'PATCH /workspaces/:id/members/:userId': inPath('admin'),
  'DELETE /workspaces/:id/members/:userId': inPath('admin'),
  'POST /workspaces/:id/leave': inPath('viewer'),
  'POST /workspaces/:id/transfer': inPath('owner'),
  'POST /workspaces/:id/invites': inPath('admin'),
  'GET /workspaces/:id/invites': inPath('admin'),
  'DELETE /workspaces/:id/invites/:inviteId': inPath('admin'),
};

const byKey = new Map<string, WorkspacePolicy>(Object.entries(WORKSPACE_POLICY));

/** The policy of `contract`, if it acts in a workspace. */
export function policyOf(contract: Pick<Endpoint, 'method' | 'path'>): WorkspacePolicy | undefined {
  return byKey.get(routeKey(contract));
}

/** The policy of the route `method url` (its path as registered, `:id` and all), if any. */
export function policyOfRoute(method: string, url: string): WorkspacePolicy | undefined {
  if (!url.startsWith(API_BASE)) return undefined;
  return byKey.get(`${method} ${url.slice(API_BASE.length)}`);
}
