import type { Migration } from 'kysely';
import * as usersAndSettings from './2026-11-22-001-users-and-settings';
import * as accounts from './2026-11-22-002-accounts';
import * as serpCache from './2026-11-22-003-serp-cache';
import * as speed from './2026-11-22-004-speed';
import * as plansAndPayments from './2026-11-22-005-plans-and-payments';
import * as keywordSettings from './2026-11-23-006-keyword-settings';
import * as demoRequests from './2026-11-23-007-demo-requests';
import * as tracking from './2026-11-23-008-tracking';
import * as trackingWebhooks from './2026-11-23-009-tracking-webhooks';
import * as trackingStates from './2026-11-23-010-tracking-states';
import * as trackingRetention from './2026-11-23-011-tracking-retention';
import * as speedTests from './2026-11-24-012-speed-tests';
import * as billingClaims from './2026-11-24-013-billing-claims';
import * as trackingCheckJobs from './2026-11-24-014-tracking-check-jobs';
import * as trackingCheckInsights from './2026-11-26-015-tracking-check-insights';
import * as speedTestCharges from './2026-11-26-016-speed-test-charges';
import * as userEmailContext from './2026-11-26-017-user-email-context';
import * as trackingDeviceAlerts from './2026-11-26-018-tracking-device-alerts';
import * as serpShares from './2026-11-26-019-serp-shares';
import * as rum from './2026-11-26-020-rum';
import * as rankTracking from './2026-11-27-021-rank-tracking';
import * as serpProviderUsage from './2026-11-27-022-serp-provider-usage';
import * as rankCheckNotes from './2026-11-27-023-rank-check-notes';
import * as workspaces from './2026-11-29-024-workspaces';
import * as workspaceInvites from './2026-11-29-025-workspace-invites';
import * as apiTokensAndAudit from './2026-11-29-026-api-tokens-and-audit';
import * as workspaceSerpShares from './2026-11-29-027-workspace-serp-shares';
import * as ciChecks from './2026-11-29-028-ci-checks';
import * as flows from './2026-11-30-029-flows';
import * as flowTracking from './2026-12-07-030-flow-tracking';
import * as signedInPages from './2026-12-07-031-signed-in-pages';
import * as serpFeatures from './2026-12-07-032-serp-features';
import * as weeklyReports from './2026-12-07-033-weekly-reports';
import * as lighthouseCategories from './2026-12-08-034-lighthouse-categories';
import * as trackedCategories from './2026-12-08-035-tracked-categories';
import * as checkAudits from './2026-12-08-036-check-audits';

/** All migrations in order; names are date-prefixed so they sort as they apply. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-users-and-settings': usersAndSettings,
  '2026-11-22-002-accounts': accounts,
  '2026-11-22-003-serp-cache': serpCache,
  '2026-11-22-004-speed': speed,
  '2026-11-22-005-plans-and-payments': plansAndPayments,
  '2026-11-23-006-keyword-settings': keywordSettings,
  '2026-11-23-007-demo-requests': demoRequests,
  '2026-11-23-008-tracking': tracking,
  '2026-11-23-009-tracking-webhooks': trackingWebhooks,
  '2026-11-23-010-tracking-states': trackingStates,
  '2026-11-23-011-tracking-retention': trackingRetention,
  '2026-11-24-012-speed-tests': speedTests,
  '2026-11-24-013-billing-claims': billingClaims,
  '2026-11-24-014-tracking-check-jobs': trackingCheckJobs,
  '2026-11-26-015-tracking-check-insights': trackingCheckInsights,
  '2026-11-26-016-speed-test-charges': speedTestCharges,
  '2026-11-26-017-user-email-context': userEmailContext,
  '2026-11-26-018-tracking-device-alerts': trackingDeviceAlerts,
  '2026-11-26-019-serp-shares': serpShares,
  '2026-11-26-020-rum': rum,
  '2026-11-27-021-rank-tracking': rankTracking,
  '2026-11-27-022-serp-provider-usage': serpProviderUsage,
  '2026-11-27-023-rank-check-notes': rankCheckNotes,
  '2026-11-29-024-workspaces': workspaces,
  '2026-11-29-025-workspace-invites': workspaceInvites,
  '2026-11-29-026-api-tokens-and-audit': apiTokensAndAudit,
  '2026-11-29-027-workspace-serp-shares': workspaceSerpShares,
  '2026-11-29-028-ci-checks': ciChecks,
  '2026-11-30-029-flows': flows,
  '2026-12-07-030-flow-tracking': flowTracking,
  '2026-12-07-031-signed-in-pages': signedInPages,
  '2026-12-07-032-serp-features': serpFeatures,
  '2026-12-07-033-weekly-reports': weeklyReports,
  '2026-12-08-034-lighthouse-categories': lighthouseCategories,
  '2026-12-08-035-tracked-categories': trackedCategories,
  '2026-12-08-036-check-audits': checkAudits,
};
