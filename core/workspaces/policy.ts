import { API_BASE, type Endpoint } from '../endpoints/endpoint';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '../endpoints/accounts';
import { KEYWORDS_ENDPOINTS as KEYWORDS } from '../endpoints/keywords';
import { RANK_TRACKING_ENDPOINTS as RANK } from '../endpoints/rank-tracking';
import { RUM_ENDPOINTS as RUM } from '../endpoints/rum';
import { SERP_ENDPOINTS as SERP } from '../endpoints/serp';
import { SPEED_ENDPOINTS as SPEED } from '../endpoints/speed';
import { TRACKING_ENDPOINTS as TRACKING } from '../endpoints/tracking';
import { USAGE_ENDPOINTS as USAGE } from '../endpoints/usage';
import { WEBHOOK_ENDPOINTS as WEBHOOKS } from '../endpoints/webhooks';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '../endpoints/workspaces';
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

/**
 * Every call that acts in a workspace, with the role it needs: the one place roles are
 * decided, read by the server's sign-in hook (no route checks a role itself), by the web's
 * controls and by the role × route test. Reading needs a viewer; creating, changing and
 * anything that spends the allowance a member; webhooks and the workspace's settings an
 * admin; deleting the workspace its owner. Calls not listed act for the account alone (its
 * plan, settings, MixLab's password-gated scraping), or for whoever holds a run's id (a
 * speed run's status and events).
 */
export const WORKSPACE_POLICY: ReadonlyMap<Endpoint, WorkspacePolicy> = new Map<
  Endpoint,
  WorkspacePolicy
>([
  [SPEED.startRun, inHeader('member')],
  [SPEED.listTests, inHeader('viewer')],
  [SPEED.compareTests, inHeader('viewer')],
  [SERP.search, inHeader('member')],
  [SERP.checkRank, inHeader('member')],
  [SERP.readPageFacts, inHeader('member')],
  [KEYWORDS.suggest, inHeader('member')],
  [KEYWORDS.getVolumes, inHeader('member')],
  [KEYWORDS.cluster, inHeader('member')],
  [KEYWORDS.getTopResults, inHeader('member')],
  [ACCOUNTS.getKeywordSettings, inHeader('viewer')],
  [ACCOUNTS.saveKeywordSettings, inHeader('member')],
  [USAGE.serpUsage, inHeader('viewer')],
  [USAGE.speedUsage, inHeader('viewer')],
  [USAGE.keywordUsage, inHeader('viewer')],
  [USAGE.checkLimit, inHeader('viewer')],
  [USAGE.checkKeywordLimit, inHeader('viewer')],
  [TRACKING.listPages, inHeader('viewer')],
  [TRACKING.createPage, inHeader('member')],
  [TRACKING.updatePage, inHeader('member')],
  [TRACKING.removePage, inHeader('member')],
  [TRACKING.runNow, inHeader('member')],
  [TRACKING.history, inHeader('viewer')],
  [TRACKING.historyCsv, inHeader('viewer')],
  [TRACKING.checkDetail, inHeader('viewer')],
  [TRACKING.alerts, inHeader('viewer')],
  [TRACKING.fieldHistory, inHeader('viewer')],
  [TRACKING.compare, inHeader('viewer')],
  [TRACKING.storage, inHeader('viewer')],
  [WEBHOOKS.list, inHeader('admin')],
  [WEBHOOKS.create, inHeader('admin')],
  [WEBHOOKS.remove, inHeader('admin')],
  [WEBHOOKS.sendTest, inHeader('admin')],
  [WEBHOOKS.deliveries, inHeader('admin')],
  [RANK.listKeywords, inHeader('viewer')],
  [RANK.createKeyword, inHeader('member')],
  [RANK.createKeywords, inHeader('member')],
  [RANK.updateKeyword, inHeader('member')],
  [RANK.removeKeyword, inHeader('member')],
  [RANK.history, inHeader('viewer')],
  [RANK.checkKeyword, inHeader('member')],
  [RUM.listSites, inHeader('viewer')],
  [RUM.createSite, inHeader('member')],
  [RUM.getSite, inHeader('viewer')],
  [RUM.updateSite, inHeader('member')],
  [RUM.removeSite, inHeader('member')],
  [RUM.summary, inHeader('viewer')],
  [RUM.field, inHeader('viewer')],
  [WORKSPACES.rename, { role: 'admin', from: 'path' }],
  [WORKSPACES.remove, { role: 'owner', from: 'path' }],
]);

const byRoute = new Map(
  [...WORKSPACE_POLICY].map(([contract, policy]) => [
    `${contract.method} ${API_BASE}${contract.path}`,
    policy,
  ]),
);

/** The policy of the route `method url` (its path as registered, `:id` and all), if any. */
export function policyOfRoute(method: string, url: string): WorkspacePolicy | undefined {
  return byRoute.get(`${method} ${url}`);
}
