import { ACCOUNTS_ENDPOINTS } from './accounts';
import { CHECK_ENDPOINTS } from './checks';
import { TOKEN_ENDPOINTS } from './api-tokens';
import type { Endpoint } from './endpoint';
import { FLOW_ENDPOINTS } from './flows';
import { KEYWORDS_ENDPOINTS } from './keywords';
import { OPS_ENDPOINTS } from './ops';
import { PAYMENTS_ENDPOINTS } from './payments';
import { RANK_TRACKING_ENDPOINTS } from './rank-tracking';
import { REPORT_ENDPOINTS } from './reports';
import { RUM_ENDPOINTS } from './rum';
import { SCRAPE_ENDPOINTS } from './scrape';
import { SERP_ENDPOINTS } from './serp';
import { SITE_ENDPOINTS } from './site';
import { SPEED_ENDPOINTS } from './speed';
import { TRACKING_ENDPOINTS } from './tracking';
import { USAGE_ENDPOINTS } from './usage';
import { WEBHOOK_ENDPOINTS } from './webhooks';
import { WORKSPACE_ENDPOINTS } from './workspaces';

/** Every endpoint of the API by feature: the server serves each, and only these. */
export const ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  site: SITE_ENDPOINTS,
  accounts: ACCOUNTS_ENDPOINTS,
  usage: USAGE_ENDPOINTS,
  speed: SPEED_ENDPOINTS,
  serp: SERP_ENDPOINTS,
  keywords: KEYWORDS_ENDPOINTS,
  scrape: SCRAPE_ENDPOINTS,
  tracking: TRACKING_ENDPOINTS,
  checks: CHECK_ENDPOINTS,
  flows: FLOW_ENDPOINTS,
  webhooks: WEBHOOK_ENDPOINTS,
  rankTracking: RANK_TRACKING_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  rum: RUM_ENDPOINTS,
  workspaces: WORKSPACE_ENDPOINTS,
  tokens: TOKEN_ENDPOINTS,
  payments: PAYMENTS_ENDPOINTS,
  ops: OPS_ENDPOINTS,
};
