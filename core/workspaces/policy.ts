import { API_BASE, type Endpoint } from '../endpoints/endpoint';
// Types only: the web's screens read this table without every feature's schemas.
import type { ACCOUNTS_ENDPOINTS } from '../endpoints/accounts';
import type { CHECK_ENDPOINTS } from '../endpoints/checks';
import type { FLOW_ENDPOINTS } from '../endpoints/flows';
import type { KEYWORDS_ENDPOINTS } from '../endpoints/keywords';
import type { RANK_TRACKING_ENDPOINTS } from '../endpoints/rank-tracking';
import type { REPORT_ENDPOINTS } from '../endpoints/reports';
import type { RUM_ENDPOINTS } from '../endpoints/rum';
import type { SERP_ENDPOINTS } from '../endpoints/serp';
import type { SPEED_ENDPOINTS } from '../endpoints/speed';
import type { TRACKING_ENDPOINTS } from '../endpoints/tracking';
import type { USAGE_ENDPOINTS } from '../endpoints/usage';
import type { WEBHOOK_ENDPOINTS } from '../endpoints/webhooks';
import type { WORKSPACE_ENDPOINTS } from '../endpoints/workspaces';
import type { AuditAction, AuditEvent } from './audit';
import type { Role } from './roles';
import type { TokenScope } from './scopes';

/**
 * What a call of a workspace needs: the least role, where it names the workspace (the
 * `X-Workspace-Id` header, or the path's `:id` for the workspace's own endpoints), the
 * scope an API token needs for it (null: no token may make it), and what it writes to the
 * workspace's audit log when it succeeds.
 */
export interface WorkspacePolicy {
  readonly role: Role;
  readonly from: 'header' | 'path';
  readonly scope: TokenScope | null;
  readonly audit?: AuditEvent;
}

const read: WorkspacePolicy = { role: 'viewer', from: 'header', scope: 'read' };
/** Spends the allowance (or the fetcher's time): a member's, a `run` token's. */
const run = (subject: string, detail?: string): WorkspacePolicy => ({
  role: 'member',
  from: 'header',
  scope: 'run',
  audit: { action: 'ran', subject, ...(detail ? { detail } : {}) },
});
const write = (
  action: AuditAction,
  subject: string,
  options: { role?: Role; detail?: string } = {},
): WorkspacePolicy => ({
  role: options.role ?? 'member',
  from: 'header',
  scope: 'write',
  audit: { action, subject, ...(options.detail ? { detail: options.detail } : {}) },
});
/** The workspace's own endpoints: people and the workspace itself, never a token's. */
const manage = (role: Role, audit?: AuditEvent): WorkspacePolicy => ({
  role,
  from: 'path',
  scope: null,
  ...(audit ? { audit } : {}),
});

type Contracts<T> = T[keyof T];
type AnyContract = Contracts<
  | typeof ACCOUNTS_ENDPOINTS
  | typeof CHECK_ENDPOINTS
  | typeof FLOW_ENDPOINTS
  | typeof KEYWORDS_ENDPOINTS
  | typeof RANK_TRACKING_ENDPOINTS
  | typeof REPORT_ENDPOINTS
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
 * Every call that acts in a workspace, with the role it needs: the one place roles, token
 * scopes and audit entries are decided, read by the server's sign-in and audit hooks (no
 * route checks a role itself), by the web's controls and by the role × route test. Reading
 * needs a viewer; creating, changing and anything that spends the allowance a member;
 * webhooks and the workspace's settings an admin; deleting the workspace its owner. Calls
 * not listed act for the account alone (its plan, settings, tokens, MixLab's
 * password-gated scraping), or for whoever holds a run's id (a speed run's status).
 */
export const WORKSPACE_POLICY: Readonly<Partial<Record<RouteKey, WorkspacePolicy>>> = {
  'POST /pagespeed/runs': run('speed test', 'url'),
  'POST /checks': run('CI check'),
  'GET /checks': read,
  'GET /checks/:id': read,
  'GET /flows': read,
  'POST /flows': write('created', 'user flow', { detail: 'name' }),
  'GET /flows/:id': read,
  'PATCH /flows/:id': write('changed', 'user flow'),
  'DELETE /flows/:id': write('deleted', 'user flow'),
  'POST /flows/:id/runs': run('user flow run'),
  'GET /flows/:id/runs': read,
  'GET /flows/:id/alerts': read,
  'GET /flows/runs/:runId': read,
  'POST /flows/import-recorder': read,
  // Secrets are typed into other sites as someone: an admin's to set, never a token's to read.
  'GET /secrets': { role: 'member', from: 'header', scope: null },
  'PUT /secrets/:name': { ...write('changed', 'secret', { role: 'admin' }), scope: null },
  'DELETE /secrets/:name': { ...write('deleted', 'secret', { role: 'admin' }), scope: null },
  'GET /pagespeed/tests': read,
  'GET /pagespeed/tests/compare': read,
  'POST /serp-search': run('SERP analysis', 'searchTerm'),
  'POST /rank-check': run('rank check', 'searchTerm'),
  'POST /send-urls': run('page facts'),
  'POST /keyword': run('keyword search', 'term'),
  'POST /keyword-data': run('keyword data'),
  'POST /keyword-clusters': run('keyword clusters'),
  'POST /keyword-serp': run('keyword SERP', 'term'),
  'GET /settings/keywords': read,
  'POST /settings/keywords': write('changed', 'keyword settings'),
  'GET /usage/serp-analysis-tool': read,
  'GET /usage/website-speed-tool': read,
  'GET /usage/keyword-tool': read,
  'POST /rate-limit': read,
  'POST /kwt-rate-limit': read,
  'GET /tracking/pages': read,
  'POST /tracking/pages': write('created', 'tracked page', { detail: 'url' }),
  'PATCH /tracking/pages/:id': write('changed', 'tracked page'),
  'DELETE /tracking/pages/:id': write('deleted', 'tracked page'),
  'POST /tracking/pages/:id/run': run('tracked page check'),
  'GET /tracking/pages/:id/history': read,
  'GET /tracking/pages/:id/history.csv': read,
  'GET /tracking/pages/:id/checks/:checkId': read,
  'GET /tracking/pages/:id/alerts': read,
  'GET /tracking/pages/:id/field-history': read,
  'GET /tracking/pages/:id/compare': read,
  'GET /tracking/storage': read,
  'GET /tracking/webhooks': { role: 'admin', from: 'header', scope: 'read' },
  'POST /tracking/webhooks': write('created', 'webhook', { role: 'admin', detail: 'url' }),
  'DELETE /tracking/webhooks/:id': write('deleted', 'webhook', { role: 'admin' }),
  'POST /tracking/webhooks/:id/test': { ...run('webhook test'), role: 'admin' },
  'GET /tracking/webhooks/:id/deliveries': { role: 'admin', from: 'header', scope: 'read' },
  'GET /rank-tracking/keywords': read,
  'POST /rank-tracking/keywords': write('created', 'rank keyword', { detail: 'keyword' }),
  'POST /rank-tracking/keywords/bulk': write('created', 'rank keywords'),
  'PATCH /rank-tracking/keywords/:id': write('changed', 'rank keyword'),
  'DELETE /rank-tracking/keywords/:id': write('deleted', 'rank keyword'),
  'GET /rank-tracking/keywords/:id/history': read,
  'POST /rank-tracking/keywords/:id/check': run('rank keyword check'),
  'GET /rank-tracking/visibility': read,
  'GET /reports/weekly': read,
  'GET /reports/weekly/subscription': { ...read, scope: null },
  // A person's own email: any member chooses it, no token does.
  'PUT /reports/weekly/subscription': { role: 'viewer', from: 'header', scope: null },
  'GET /rank-tracking/competitors-found': read,
  'POST /rank-tracking/competitors': write('changed', 'rank competitors', { detail: 'domain' }),
  'GET /rum/sites': read,
  'POST /rum/sites': write('created', 'RUM site', { detail: 'name' }),
  'GET /rum/sites/:id': read,
  'PATCH /rum/sites/:id': write('changed', 'RUM site'),
  'DELETE /rum/sites/:id': write('deleted', 'RUM site'),
  'GET /rum/sites/:id/summary': read,
  'GET /rum/field': read,
  'PATCH /workspaces/:id': manage('admin', {
    action: 'changed',
    subject: 'workspace',
    detail: 'name',
  }),
  'DELETE /workspaces/:id': manage('owner'),
  'GET /workspaces/:id/members': manage('viewer'),
  'PATCH /workspaces/:id/members/:userId': manage('admin', {
    action: 'changed role',
    subject: 'of a member',
    detail: 'role',
  }),
  'DELETE /workspaces/:id/members/:userId': manage('admin', {
    action: 'removed',
    subject: 'member',
  }),
  'POST /workspaces/:id/leave': manage('viewer', { action: 'left', subject: 'workspace' }),
  'POST /workspaces/:id/transfer': manage('owner', {
    action: 'transferred ownership',
    subject: 'of the workspace',
  }),
  'POST /workspaces/:id/invites': manage('admin', {
    action: 'invited',
    subject: 'person',
    detail: 'email',
  }),
  'GET /workspaces/:id/invites': manage('admin'),
  'DELETE /workspaces/:id/invites/:inviteId': manage('admin', {
    action: 'revoked',
    subject: 'invitation',
  }),
  'GET /workspaces/:id/audit': manage('admin'),
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
