import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import { toCsv, type CsvCell } from '@core/csv';
import type { Db } from '../db/connect';
import { USER_TABLES, ownedRows, type AccountOwner, type UserTableName } from './user-tables';

type Row = Record<string, unknown>;
type Rows = Record<UserTableName, Row[]>;

/**
 * Where each user table goes in the export, or why it stays out: a table added to
 * USER_TABLES does not compile until it is placed here.
 */
export const EXPORT_PLACES: Record<UserTableName, string> = {
  users: 'profile.json',
  workspaces: 'workspaces.json',
  workspace_members: 'workspaces.json',
  workspace_invites:
    'withheld: an invitation is a credential (its link), and its address another person’s',
  api_tokens: 'workspaces.json (the tokens you made, without their secrets)',
  workspace_audit: 'workspaces.json',
  weekly_reports_sent: 'workspaces.json',
  user_settings: 'settings.json',
  keyword_settings: 'settings.json, workspaces.json',
  sessions: 'withheld: a session is a credential',
  one_time_tokens: 'withheld: emailed links are credentials',
  rate_counters: 'withheld: counters of failed sign-ins and emails sent, kept an hour at most',
  email_subscribers: 'mailing.json',
  demo_requests: 'mailing.json',
  usage_counters: 'usage.json',
  subscriptions: 'payments.json',
  local_payment_methods: 'payments.json',
  speed_tests: 'speed-tests.json, searches.json',
  speed_test_urls: 'speed-tests.json, searches.json',
  speed_runs: 'speed-tests.json',
  ci_checks: 'ci-checks.json',
  flows: 'flows.json',
  flow_runs: 'flows.json',
  flow_alerts: 'flows.json',
  workspace_secrets: 'flows.json (the secrets’ names, without their values)',
  serp_shares: 'searches.json',
  tracked_pages: 'tracked-pages.json',
  tracking_checks: 'tracked-page-checks.csv',
  tracking_samples: 'tracked-page-samples.csv',
  tracking_alerts: 'tracked-pages.json',
  tracking_webhooks: 'webhooks.json',
  tracking_webhook_deliveries: 'webhooks.json',
  rank_keywords: 'rank-keywords.json',
  rank_checks: 'rank-history.csv',
  rum_sites: 'rum-sites.json',
  rum_counts: 'rum-counts.csv',
  rum_targets: 'rum-targets.csv',
};

/**
 * Columns never exported: credentials (the password hash, the webhook's signing secret),
 * the scheduler's leases, and page thumbnails (pictures of public pages, megabytes each).
 */
const LEFT_OUT = new Set([
  'password_hash',
  'secret',
  'lease_owner',
  'lease_until',
  'filmstrip',
  'token_hash',
  'settling_until',
]);

const FILES: Record<string, string> = {
  'profile.json': 'your account: email, name, plan, renewal dates, time zone, when it was made',
  'settings.json':
    'your search settings (device, Google domain, country, language, last search) and keyword tool settings',
  'workspaces.json':
    'the workspaces you own (members with their roles, keyword tool settings, audit log) and those you belong to, and the API tokens you made (never their secrets)',
  'searches.json':
    'your SERP searches that measured their results (when, and the result pages measured), and the result pages you shared',
  'speed-tests.json': 'your speed tests with each run and its outcome',
  'tracked-pages.json': 'the pages you track, their budgets and schedule, and the alerts sent',
  'tracked-page-checks.csv': 'every check of your tracked pages: medians, state, reasons',
  'tracked-page-samples.csv': 'every sample of those checks: lab metrics or error',
  'webhooks.json': 'your webhook endpoints (without their signing secret) and their deliveries',
  'ci-checks.json': "your workspaces' CI checks: their URLs, budgets, commits and verdicts",
  'rank-keywords.json': 'your rank-tracked keywords with competitors, tags and alerts',
  'rank-history.csv': "every rank check of those keywords: position, URL, competitors' positions",
  'rum-sites.json': 'your real-user monitoring sites and the origins they accept',
  'rum-counts.csv': "your sites' visitors' measurements, counted per day and histogram bucket",
  'rum-targets.csv': 'the page elements behind LCP, INP and CLS, counted per day',
  'payments.json': 'your subscriptions and the test cards of the local processor (last 4 digits)',
  'usage.json': 'your use of each tool per month, hour or minute, as quotas count it',
  'mailing.json': 'your email subscription and any Pro demo request made with your address',
};

/** A text column holding JSON is exported as the JSON it holds. */
function value(raw: unknown): unknown {
  if (typeof raw !== 'string' || !/^[[{]/.test(raw)) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function clean(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !LEFT_OUT.has(key))
      .map(([key, raw]) => [key, value(raw)]),
  );
}

function csv(columns: string[], rows: Row[]): string {
  const header = columns.filter((column) => !LEFT_OUT.has(column));
  const cell = (raw: unknown): CsvCell =>
    raw === null || raw === undefined || typeof raw === 'number' || typeof raw === 'boolean'
      ? (raw ?? null)
      : String(raw);
  return toCsv(
    header,
    rows.map((row) => header.map((column) => cell(row[column]))),
  );
}

const json = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;

function readme(owner: AccountOwner, at: Date): string {
  const files = Object.entries(FILES).map(([file, what]) => `${file}\n  ${what}`);
  const withheld = Object.entries(EXPORT_PLACES)
    .filter(([, place]) => place.startsWith('withheld'))
    .map(([table, place]) => `- ${table}: ${place.replace('withheld: ', '')}`);
  return [
    `Everything SpeedRank holds about the account ${owner.email}, exported ${at.toISOString()} (UTC).`,
    '',
    'Times are ISO-8601 in UTC; field names are the database columns. Flags are 0 or 1.',
    'JSON files are for reading and moving to another service; CSV files for spreadsheets.',
    '',
    ...files,
    '',
    'Not in this export, on purpose:',
    ...withheld,
    '- your password (only a hash of it is kept, and never exported) and webhook signing secrets',
    '- page thumbnails of tests and checks (pictures of public pages)',
    '',
    'Delete the account from the account page (or ask the operator) to erase all of it.',
    '',
  ].join('\n');
}

/**
 * The user's rows of every user table, read from one snapshot so they agree (a check
 * finishing meanwhile is in all files or none): SQLite's read transaction is one, and
 * PostgreSQL's is at the repeatable-read level.
 */
async function readRows(db: Db, owner: AccountOwner): Promise<Rows> {
  const transaction =
    db.kind === 'postgres'
      ? db.kysely.transaction().setIsolationLevel('repeatable read')
      : db.kysely.transaction();
  return transaction.execute(async (trx) => {
    const rows = {} as Rows;
    for (const { table } of USER_TABLES) {
      const result =
        await sql<Row>`select * from ${sql.table(table)} where ${ownedRows(table, owner)}`.execute(
          trx,
        );
      rows[table] = result.rows;
    }
    return rows;
  });
}

/** The columns of each table, for the CSV headers of tables the user has no rows in. */
async function columnsOf(db: Db): Promise<Map<string, string[]>> {
  const tables = await db.kysely.introspection.getTables();
  return new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
}

function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
  return groups;
}

/** Every file of the export, by name. */
function files(rows: Rows, columns: Map<string, string[]>): Record<string, string> {
  const urlsOf = groupBy(rows.speed_test_urls, 'test_id');
  const runsOf = groupBy(rows.speed_runs, 'test_id');
  const alertsOf = groupBy(rows.tracking_alerts, 'page_id');
  const deliveriesOf = groupBy(rows.tracking_webhook_deliveries, 'webhook_id');
  const settings = rows.user_settings[0];
  const membersOf = groupBy(rows.workspace_members, 'workspace_id');
  const keywordSettingsOf = groupBy(rows.keyword_settings, 'workspace_id');
  const auditOf = groupBy(rows.workspace_audit, 'workspace_id');
  const reportsOf = groupBy(rows.weekly_reports_sent, 'workspace_id');
  const userId = rows.users[0]?.id;
  const table = (name: UserTableName) => csv(columns.get(name) ?? [], rows[name]);
  return {
    'profile.json': json(clean(rows.users[0] ?? {})),
    'settings.json': json({
      search: settings ? clean(settings) : null,
      // The personal workspace's (its id is the user's); others' are in workspaces.json.
      keywords: keywordSettingsOf.get(userId)?.map(clean)[0] ?? null,
    }),
    'workspaces.json': json({
      owned: rows.workspaces.map((workspace) => ({
        ...clean(workspace),
        members: (membersOf.get(workspace.id) ?? []).map(clean),
        keywordSettings: keywordSettingsOf.get(workspace.id)?.map(clean)[0] ?? null,
        audit: (auditOf.get(workspace.id) ?? []).map(clean),
        weeklyReportsSent: (reportsOf.get(workspace.id) ?? []).map(clean),
      })),
      memberOf: rows.workspace_members
        .filter(
          (m) => m.user_id === userId && !rows.workspaces.some((w) => w.id === m.workspace_id),
        )
        .map(clean),
      apiTokens: rows.api_tokens.filter((token) => token.user_id === userId).map(clean),
    }),
    'searches.json': json({
      latestSearch: settings?.search_keyword ?? null,
      searches: rows.speed_tests
        .filter((test) => test.url === null)
        .map((test) => ({
          ...clean(test),
          resultUrls: (urlsOf.get(test.id) ?? []).map((u) => u.url),
        })),
      shares: rows.serp_shares.map((share) => ({
        ...clean(share),
        value: JSON.parse(String(share.value)) as unknown,
      })),
    }),
    'speed-tests.json': json(
      rows.speed_tests
        .filter((test) => test.url !== null)
        .map((test) => ({
          ...clean(test),
          urls: (urlsOf.get(test.id) ?? []).map(clean),
          runs: (runsOf.get(test.id) ?? []).map(clean),
        })),
    ),
    'tracked-pages.json': json(
      rows.tracked_pages.map((page) => ({
        ...clean(page),
        alerts: (alertsOf.get(page.id) ?? []).map(clean),
      })),
    ),
    'tracked-page-checks.csv': table('tracking_checks'),
    'tracked-page-samples.csv': table('tracking_samples'),
    'webhooks.json': json(
      rows.tracking_webhooks.map((hook) => ({
        ...clean(hook),
        deliveries: (deliveriesOf.get(hook.id) ?? []).map(clean),
      })),
    ),
    'ci-checks.json': json(
      rows.ci_checks.map((check) => ({
        ...clean(check),
        ...Object.fromEntries(
          (['budget', 'ref', 'pages', 'result'] as const).map((key) => [
            key,
            check[key] === null ? null : (JSON.parse(String(check[key])) as unknown),
          ]),
        ),
      })),
    ),
    'flows.json': json({
      flows: rows.flows.map((flow) => ({
        ...clean(flow),
        steps: JSON.parse(String(flow.steps)) as unknown,
        step_states: JSON.parse(String(flow.step_states)) as unknown,
        runs: rows.flow_runs
          .filter((run) => run.flow_id === flow.id)
          .map((run) => ({
            ...clean(run),
            flow: JSON.parse(String(run.flow)) as unknown,
            result: run.result === null ? null : (JSON.parse(String(run.result)) as unknown),
            judgement:
              run.judgement === null ? null : (JSON.parse(String(run.judgement)) as unknown),
          })),
        alerts: rows.flow_alerts
          .filter((alert) => alert.flow_id === flow.id)
          .map((alert) => ({
            ...clean(alert),
            reasons: JSON.parse(String(alert.reasons)) as unknown,
            errors: JSON.parse(String(alert.errors)) as unknown,
          })),
      })),
      // A secret's value is a credential for another site: its name and dates alone.
      secrets: rows.workspace_secrets.map(({ value: _sealed, ...secret }) => clean(secret)),
    }),
    'rank-keywords.json': json(rows.rank_keywords.map(clean)),
    'rank-history.csv': table('rank_checks'),
    'rum-sites.json': json(rows.rum_sites.map(clean)),
    'rum-counts.csv': table('rum_counts'),
    'rum-targets.csv': table('rum_targets'),
    'payments.json': json({
      subscriptions: rows.subscriptions.map(clean),
      paymentMethods: rows.local_payment_methods.map(clean),
    }),
    'usage.json': json(rows.usage_counters.map(clean)),
    'mailing.json': json({
      emailSubscriptions: rows.email_subscribers.map(clean),
      demoRequests: rows.demo_requests.map(clean),
    }),
  };
}

/** The export's file name: the date tells two exports apart. */
export function exportFileName(at: Date): string {
  return `speedrank-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** A zip of everything held about the account, with a README saying what each file holds. */
export async function exportAccount(db: Db, owner: AccountOwner, at: Date): Promise<Uint8Array> {
  const [rows, columns] = await Promise.all([readRows(db, owner), columnsOf(db)]);
  const entries: Zippable = { 'README.txt': strToU8(readme(owner, at)) };
  for (const [name, text] of Object.entries(files(rows, columns))) entries[name] = strToU8(text);
  // The files' times are the export's, not the zip format's default of 1980.
  return zipSync(entries, { level: 6, mtime: at });
}
