import type { Generated, Selectable } from 'kysely';
import type { WebhookEventName } from '@core/schemas/webhooks';

/**
 * The Kysely schema shared by SQLite and PostgreSQL. Times are ISO-8601 strings and
 * flags are 0/1 integers so one set of migrations and queries serves both databases.
 */
export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invites: WorkspaceInvitesTable;
  api_tokens: ApiTokensTable;
  workspace_audit: WorkspaceAuditTable;
  user_settings: UserSettingsTable;
  keyword_settings: KeywordSettingsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  rate_counters: RateCountersTable;
  email_subscribers: EmailSubscribersTable;
  demo_requests: DemoRequestsTable;
  serp_cache: SerpCacheTable;
  serp_shares: SerpSharesTable;
  serp_provider_usage: SerpProviderUsageTable;
  rum_sites: RumSitesTable;
  rum_counts: RumCountsTable;
  rum_targets: RumTargetsTable;
  rank_keywords: RankKeywordsTable;
  rank_checks: RankChecksTable;
  speed_cache: SpeedCacheTable;
  usage_counters: UsageCountersTable;
  subscriptions: SubscriptionsTable;
  local_payment_methods: LocalPaymentMethodsTable;
  payment_events: PaymentEventsTable;
  tracked_pages: TrackedPagesTable;
  tracking_checks: TrackingChecksTable;
  tracking_samples: TrackingSamplesTable;
  tracking_alerts: TrackingAlertsTable;
  tracking_webhooks: TrackingWebhooksTable;
  tracking_webhook_deliveries: TrackingWebhookDeliveriesTable;
  speed_tests: SpeedTestsTable;
  speed_test_urls: SpeedTestUrlsTable;
  speed_runs: SpeedRunsTable;
  ci_checks: CiChecksTable;
  flows: FlowsTable;
  flow_runs: FlowRunsTable;
  flow_alerts: FlowAlertsTable;
  weekly_reports_sent: WeeklyReportsSentTable;
  workspace_secrets: WorkspaceSecretsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  google_sub: string | null;
  plan_id: number;
  billing_cycle: number;
  renews_at: string | null;
  cancels_at: string | null;
  /** The origin (scheme, host, port) of the latest sign-in: the base of emailed links. */
  sign_in_origin: string | null;
  /** The browser's IANA time zone at the latest sign-in; emails write times in it. */
  time_zone: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A user's row as read. */
export type User = Selectable<UsersTable>;

/**
 * What a team shares: tracked pages, rank keywords, RUM sites, webhooks, speed tests and the
 * keyword tool's settings belong to a workspace. Every account has a personal one, whose id
 * is the account's id (data from before workspaces needed no rewrite).
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  /** The account whose plan the workspace's limits and allowances come from. */
  owner_id: string;
  /** 1 for an account's personal workspace: never shared, never deleted apart from it. */
  personal: number;
  created_at: string;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'member' | 'viewer';
  created_at: string;
  /** 1 when the member wants the workspace's weekly report by email. */
  weekly_report: Generated<number>;
}

/** A workspace's weekly report sent: one row a week, claimed before sending. */
export interface WeeklyReportsSentTable {
  workspace_id: string;
  /** The Monday (YYYY-MM-DD, UTC) of the week it was sent in. */
  week: string;
  sent_at: string;
  recipients: number;
}

/** An emailed invitation into a workspace; the link's token is kept as its sha256 only. */
export interface WorkspaceInvitesTable {
  id: string;
  workspace_id: string;
  email: string;
  role: 'admin' | 'member' | 'viewer';
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** A member's API token for one workspace, kept as its sha256; `scopes` comma-separated. */
export interface ApiTokensTable {
  id: string;
  workspace_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** One entry of a workspace's audit log (core/workspaces/audit.ts). */
export interface WorkspaceAuditTable {
  id: string;
  workspace_id: string;
  at: string;
  actor_id: string | null;
  token_name: string | null;
  action: string;
  subject: string;
  detail: string | null;
  target_id: string | null;
}

export interface UserSettingsTable {
  user_id: string;
  device_type: number;
  google_domain: string;
  country: string;
  language: string;
  search_keyword: string;
  origin_url: string;
  /** JSON of a CategoryChoice; null: the defaults. */
  lighthouse_categories: string | null;
  updated_at: string;
}

export interface KeywordSettingsTable {
  workspace_id: string;
  country: string;
  country_code: string;
  language: string;
  temperature: number;
  algorithm: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type OneTimeTokenPurpose = 'secure_link' | 'reset_password' | 'delete_account';

export interface OneTimeTokensTable {
  id: string;
  user_id: string;
  purpose: OneTimeTokenPurpose;
  /** sha256 of the emailed token: the token itself is never stored. */
  token_hash: string;
  /** A legacy user's chosen password, applied when the emailed link is used. */
  pending_password_hash: string | null;
  origin_url: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateCountersTable {
  bucket: string;
  window_start: string;
  count: number;
}

export interface EmailSubscribersTable {
  id: string;
  email: string;
  first_name: string;
  search_term: string;
  created_at: string;
}

export interface DemoRequestsTable {
  id: string;
  email: string;
  created_at: string;
}

export interface SerpCacheTable {
  /** sha256 of provider and query. */
  key: string;
  value: string;
  expires_at: string;
}

export interface RumSitesTable {
  id: string;
  /** Null for the install's own site: its pages' beacon, shown to operators. */
  workspace_id: string | null;
  name: string;
  /** What the site's beacon carries (`data-site`). */
  key: string;
  /** JSON array of the origins its beacons may come from. */
  origins: string;
  sample_rate: number;
  created_at: string;
}

/** Beacons' values as counts per histogram bucket (`server/src/rum/histogram.ts`). */
export interface RumCountsTable {
  site_id: string;
  /** The UTC day the beacons came (YYYY-MM-DD). */
  day: string;
  device: string;
  connection: string;
  page_group: string;
  metric: string;
  rating: string;
  bucket: number;
  count: number;
}

/** The elements and interactions behind LCP, INP and CLS, per selector. */
export interface RumTargetsTable {
  site_id: string;
  day: string;
  device: string;
  connection: string;
  page_group: string;
  metric: string;
  /** The beacon's short selector (`main > img.hero`). */
  target: string;
  count: number;
  /** Of `count`, the values rated poor. */
  poor: number;
  /** Their values' sum, for the mean. */
  value_sum: number;
}

export interface SerpSharesTable {
  /** The share id: a random UUID handed to the searcher. */
  key: string;
  value: string;
  expires_at: string;
  /** The workspace of the search that made it; null for a visitor's. */
  workspace_id: string | null;
}

/** One SERP provider's searches in one calendar month (UTC), counted by every process. */
export interface SerpProviderUsageTable {
  source: string;
  /** `2026-11`. */
  month: string;
  calls: number;
  failures: number;
  /** Organic results returned by the calls that answered. */
  results: number;
  last_error: string | null;
  last_error_at: string | null;
}

export interface UsageCountersTable {
  /** A user id, or `ip:<address>` for anonymous visitors. */
  subject: string;
  tool: string;
  /** `2026-11` for monthly quotas, an ISO minute or hour for keyword windows. */
  period: string;
  count: number;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: 'local' | 'stripe' | 'paypal';
  provider_subscription_id: string;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  plan_id: number;
  billing_cycle: number;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
  /** ISO time a settler's claim on the due row lasts until; null when unclaimed. */
  settling_until: Generated<string | null>;
}

export interface LocalPaymentMethodsTable {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** What charging this test card does: 'succeed' or a decline code. */
  outcome: string;
  created_at: string;
}

export interface PaymentEventsTable {
  /** The provider's event id: a replayed event is recognised and applied once. */
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

/** Only the fields SpeedRank shows, never whole Lighthouse reports (half a megabyte each). */
export interface SpeedCacheTable {
  key: string;
  value: string;
  expires_at: string;
}

/** A page a user tracks, with the scheduler's lease on it. */
/** A tracked keyword; '' for no language or location (the unique key holds on both databases). */
export interface RankKeywordsTable {
  id: string;
  workspace_id: string;
  keyword: string;
  /** The host compared, without `www.` (core/rank-match.ts). */
  domain: string;
  device: 'mobile' | 'desktop';
  country: string;
  language: string;
  location: string;
  depth: number;
  /** JSON array of competitor domains. */
  competitors: string;
  /** JSON array of tags. */
  tags: string;
  /** JSON of core/schemas/rank-tracking.ts RankAlerts. */
  alerts: string;
  best_position: number | null;
  best_at: string | null;
  next_check_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

/** One check of a keyword (core/schemas/rank-tracking.ts RankCheck). */
export interface RankChecksTable {
  id: string;
  keyword_id: string;
  checked_at: string;
  state: 'ranked' | 'not_in_top' | 'partial' | 'failed';
  position: number | null;
  url: string | null;
  provider: string | null;
  depth_reached: number;
  error: string | null;
  note: string | null;
  /** JSON object of competitor domain to position (null: not within depth_reached). */
  competitors: string;
  /** JSON SerpFeature[] of the first page; null: unknown (older, failed, or not said). */
  features: string | null;
  /** JSON RankTopResult[]: the first ten results; null: unknown. */
  top_results: string | null;
}

export interface TrackedPagesTable {
  id: string;
  workspace_id: string;
  url: string;
  /** 'mobile', 'desktop' or 'mobile,desktop'. */
  devices: string;
  schedule: 'daily' | 'hourly';
  samples: number;
  /** JSON of core/schemas/tracking.ts Budgets. */
  budgets: string;
  paused: number;
  /** Each device's speed alert: 'regression' from its regression alert to its recovery. */
  mobile_alert_state: Generated<'ok' | 'regression'>;
  desktop_alert_state: Generated<'ok' | 'regression'>;
  /** Consecutive regressed good checks of a device before a regression alert (1–5). */
  alert_after: Generated<number>;
  /** 1 from the 'unreachable' alert (three failed checks in a row) to the 'reachable' one. */
  unreachable: Generated<number>;
  /** JSON SignIn: how its checks sign in before measuring; null when signed out. */
  sign_in: string | null;
  /** JSON array of the Lighthouse categories tracked beside performance; null: none. */
  categories: string | null;
  next_due_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** Lab metric columns: ms for timings, unitless cls, psi the 0–100 score. */
interface LabColumns {
  psi: number | null;
  fcp: number | null;
  si: number | null;
  lcp: number | null;
  tti: number | null;
  tbt: number | null;
  cls: number | null;
}

type MedianColumns = { [K in keyof LabColumns as `median_${K}`]: LabColumns[K] };

/** One device's samples of a tracked page at one time. */
export interface TrackingChecksTable extends MedianColumns {
  id: string;
  page_id: string;
  device: 'mobile' | 'desktop';
  trigger: 'schedule' | 'manual';
  status: 'running' | 'done' | 'failed' | 'skipped';
  started_at: string;
  finished_at: string | null;
  /** JSON array of the representative run's thumbnails. */
  filmstrip: string | null;
  /** JSON Insight[] of the representative run; null before they were kept, and once pruned. */
  insights: string | null;
  /** JSON of the representative run's metric thresholds by key; null when it had none. */
  thresholds: string | null;
  /** JSON FieldResult, when a field source answered. */
  field: string | null;
  /** JSON CategoryScores: the median of each category measured; null when none was. */
  category_scores: string | null;
  /** JSON Categories of the representative run (its audits); null once pruned or none kept. */
  audits: string | null;
  regression: number;
  /** JSON array of RegressionReason. */
  reasons: string;
  error: string | null;
  /** A finished check's outcome; null while running, skipped or interrupted. */
  state: Generated<'ok' | 'partial' | 'failed' | null>;
  /** 1 when its samples were measured otherwise than the previous good check's. */
  fingerprint_changed: Generated<number>;
  /**
   * 1 while it keeps its filmstrip, insights and every sample's fingerprint (the latest
   * TRACKING_DETAIL_CHECKS of its page and device); the retention sweep sets 0.
   */
  detailed: number;
  /** The check job that opened it: run again, that job measures it again. */
  job_id: string | null;
  /** 1 when it was measured signed in (the page's sign-in flow or cookies). */
  signed_in: Generated<number>;
}

export interface TrackingSamplesTable extends LabColumns {
  check_id: string;
  sample: number;
  source: 'local-lighthouse' | 'psi';
  error: string | null;
  error_kind: string | null;
  /** JSON RunFingerprint; null for a failed sample or one stored before fingerprints. */
  fingerprint: string | null;
}

export interface TrackingAlertsTable {
  id: string;
  page_id: string;
  check_id: string | null;
  kind: 'regression' | 'recovery' | 'unreachable' | 'reachable';
  device: 'mobile' | 'desktop';
  /** JSON array of RegressionReason. */
  reasons: string;
  created_at: string;
  emailed_at: string | null;
  email_error: string | null;
}

/** A user's webhook endpoint and the secret its deliveries are signed with. */
export interface TrackingWebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  secret: string;
  created_at: string;
}

/** One event sent (or being sent) to one webhook, with its attempts. */
export interface TrackingWebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: WebhookEventName;
  /** The JSON body, the same on every attempt. */
  body: string;
  status: 'delivered' | 'retrying' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  /** While 'retrying': when the next attempt is due (or an attempt under way gives up). */
  next_attempt_at: string | null;
  delivered_at: string | null;
}

/** A speed test of one URL, or a SERP search paying for its cards' runs and page facts. */
export interface SpeedTestsTable {
  id: string;
  /** The quota subject that paid: a workspace's id or 'ip:<address>'. */
  subject: string;
  /** The workspace whose history holds the test; null for a visitor's. */
  workspace_id: string | null;
  /** Null for a search's cards. */
  url: string | null;
  samples: number;
  created_at: string;
  compacted: Generated<number>;
  /** The month the test was charged to; null for a search's cards and once given back. */
  charge_period: string | null;
}

/** What a test may still do for one of its URLs. */
export interface SpeedTestUrlsTable {
  test_id: string;
  url: string;
  runs_left: number;
  /** 1 until the search's page facts of this URL are read. */
  facts_unread: number;
}

export interface SpeedRunsTable {
  id: string;
  test_id: string;
  url: string;
  strategy: 'mobile' | 'desktop';
  sample: number;
  /** JSON RunStatus; a result's filmstrip is kept apart. */
  status: string;
  /** JSON { filmstrip, filmstripMs }; null while running, or once the sweep dropped it. */
  filmstrip: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A CI check (migration 028): its pages' runs, and its judged result once they ended. */
export interface CiChecksTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  token_name: string | null;
  device: 'mobile' | 'desktop';
  samples: number;
  compare_with: 'tracked' | 'none';
  /** JSON of core/budgets BudgetInput, or null. */
  budget: string | null;
  /** JSON of core/schemas/checks.ts CheckRef, or null. */
  ref: string | null;
  /** JSON of CheckRunsOf: each URL with its speed test and runs. */
  pages: string;
  verdict: 'pass' | 'fail' | 'error' | null;
  /** JSON of the judged pages once every run ended. */
  result: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A user flow (migration 029): its steps as JSON of core/flows FlowStep[]. */
export interface FlowsTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  name: string;
  device: 'mobile' | 'desktop';
  steps: string;
  created_at: string;
  updated_at: string;
  /** 'daily' or 'hourly' while tracked; null when the flow runs only on demand. */
  schedule: 'daily' | 'hourly' | null;
  /** The next scheduled run; null when untracked. */
  next_due_at: string | null;
  /** The scheduled run's lease (shared/leases.ts). */
  lease_owner: string | null;
  lease_until: string | null;
  /** JSON: each measured step's alert state by name ('ok' or 'regression'). */
  step_states: Generated<string>;
  /** 1 while the flow's last runs stopped at a step (UNREACHABLE_AFTER of them). */
  failing: Generated<number>;
}

/** An alert of a tracked flow: a step that regressed or recovered, the flow failing or fixed. */
export interface FlowAlertsTable {
  id: string;
  flow_id: string;
  workspace_id: string;
  run_id: string;
  kind: 'regression' | 'recovery' | 'failing' | 'fixed';
  step: string | null;
  at: string;
  /** JSON: RegressionReason[]. */
  reasons: string;
  /** JSON: string[], the failed runs' errors for 'failing'. */
  errors: string;
}

/** A flow's run: the flow as it ran (JSON of FlowBody), and its FlowRunResult once measured. */
export interface FlowRunsTable {
  id: string;
  flow_id: string;
  workspace_id: string;
  user_id: string | null;
  flow: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'error';
  result: string | null;
  error: string | null;
  error_kind: string | null;
  /** Speed tests of the month the run took, and whose counter of which month: steps that
   * never ran are given back. */
  charged: number;
  charge_subject: string;
  charge_period: string;
  /** Run now (speed tests of the month), or the schedule (scheduled checks of the month). */
  trigger: Generated<'manual' | 'schedule'>;
  /** JSON: each measured step's FlowStepJudgement by name, once the run ended. */
  judgement: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A workspace's named secret, its value sealed with SECRETS_KEY (shared/secret-box.ts). */
export interface WorkspaceSecretsTable {
  workspace_id: string;
  name: string;
  value: string;
  created_at: string;
  updated_at: string;
}
