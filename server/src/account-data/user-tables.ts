import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { addressBuckets } from '../routes/auth/throttle-rules';
import type { Database } from '../db/schema';

/** Whose rows: the account's id and email (email-keyed rows predate or outlive an account). */
export interface AccountOwner {
  id: string;
  email: string;
}

export type TableName = keyof Database;

/** How a table's row belongs to a user. */
export type Ownership =
  /** The column holds the user's id. */
  | { column: string; is: 'user-id' }
  /** The column holds the user's email address. */
  | { column: string; is: 'email' }
  /** A quota subject: the user's id, or a key that starts with it (a keyword search's). */
  | { column: string; is: 'subject' }
  /** The throttle counters keyed by the address (failed sign-ins, emails sent to it). */
  | { column: string; is: 'address-bucket' }
  /** The column holds the id of a parent row that belongs to the user. */
  | { column: string; parent: TableName }
  /** Any of these. */
  | { anyOf: readonly Ownership[] };

export interface UserTable {
  table: TableName;
  owner: Ownership;
}

/**
 * Every table that holds rows of a user, parents before children: the export reads them
 * in this order, the deletion deletes in the reverse one. A table added to the schema must
 * be listed here or in SHARED_TABLES; the account-data test fails until it is.
 */
export const USER_TABLES = [
  { table: 'users', owner: { column: 'id', is: 'user-id' } },
  // The workspaces the user owns (the personal one among them) go with the account, and
  // everything in them; their memberships of others' workspaces go too.
  { table: 'workspaces', owner: { column: 'owner_id', is: 'user-id' } },
  {
    table: 'workspace_members',
    owner: {
      anyOf: [
        { column: 'user_id', is: 'user-id' },
        { column: 'workspace_id', parent: 'workspaces' },
      ],
    },
  },
  { table: 'weekly_reports_sent', owner: { column: 'workspace_id', parent: 'workspaces' } },
  // Invitations of the user's workspaces, and those sent to their address.
  {
    table: 'workspace_invites',
    owner: {
      anyOf: [
        { column: 'workspace_id', parent: 'workspaces' },
        { column: 'email', is: 'email' },
      ],
    },
  },
  // Tokens the user made, and those of their workspaces' members.
  {
    table: 'api_tokens',
    owner: {
      anyOf: [
        { column: 'user_id', is: 'user-id' },
        { column: 'workspace_id', parent: 'workspaces' },
      ],
    },
  },
  // The logs of the workspaces the user owns; their acts in others' keep no name once gone.
  { table: 'workspace_audit', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'user_settings', owner: { column: 'user_id', is: 'user-id' } },
  { table: 'keyword_settings', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'sessions', owner: { column: 'user_id', is: 'user-id' } },
  { table: 'one_time_tokens', owner: { column: 'user_id', is: 'user-id' } },
  { table: 'rate_counters', owner: { column: 'bucket', is: 'address-bucket' } },
  { table: 'email_subscribers', owner: { column: 'email', is: 'email' } },
  { table: 'demo_requests', owner: { column: 'email', is: 'email' } },
  { table: 'usage_counters', owner: { column: 'subject', is: 'subject' } },
  { table: 'subscriptions', owner: { column: 'user_id', is: 'user-id' } },
  { table: 'local_payment_methods', owner: { column: 'user_id', is: 'user-id' } },
  // A SERP search's cards are paid by the searcher's subject and carry no workspace.
  {
    table: 'speed_tests',
    owner: {
      anyOf: [
        { column: 'workspace_id', parent: 'workspaces' },
        { column: 'subject', is: 'subject' },
      ],
    },
  },
  // A visitor's share links are no one's; a signed-in search's belong to its workspace.
  { table: 'serp_shares', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'speed_test_urls', owner: { column: 'test_id', parent: 'speed_tests' } },
  { table: 'speed_runs', owner: { column: 'test_id', parent: 'speed_tests' } },
  // The checks of the user's workspaces; theirs in others' name them no more once gone.
  { table: 'ci_checks', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'flows', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'flow_runs', owner: { column: 'flow_id', parent: 'flows' } },
  { table: 'flow_alerts', owner: { column: 'flow_id', parent: 'flows' } },
  { table: 'workspace_secrets', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'tracked_pages', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'tracking_checks', owner: { column: 'page_id', parent: 'tracked_pages' } },
  { table: 'tracking_samples', owner: { column: 'check_id', parent: 'tracking_checks' } },
  { table: 'tracking_alerts', owner: { column: 'page_id', parent: 'tracked_pages' } },
  { table: 'tracking_webhooks', owner: { column: 'workspace_id', parent: 'workspaces' } },
  {
    table: 'tracking_webhook_deliveries',
    owner: { column: 'webhook_id', parent: 'tracking_webhooks' },
  },
  { table: 'rank_keywords', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'rank_checks', owner: { column: 'keyword_id', parent: 'rank_keywords' } },
  // The install's own site has no user: it stays.
  { table: 'rum_sites', owner: { column: 'workspace_id', parent: 'workspaces' } },
  { table: 'rum_counts', owner: { column: 'site_id', parent: 'rum_sites' } },
  { table: 'rum_targets', owner: { column: 'site_id', parent: 'rum_sites' } },
] as const satisfies readonly UserTable[];

export type UserTableName = (typeof USER_TABLES)[number]['table'];

/**
 * Tables of no one in particular: the migrations' bookkeeping, caches of public pages and
 * search results, provider usage, and the payment events' ids kept
 * to recognise a replayed webhook.
 */
export const SHARED_TABLES = [
  'kysely_migration',
  'kysely_migration_lock',
  'serp_cache',
  'speed_cache',
  'serp_provider_usage',
  'payment_events',
] as const;

const byTable = new Map<TableName, UserTable>(USER_TABLES.map((entry) => [entry.table, entry]));

/** The SQL condition of the rows of `table` that belong to `owner`. */
export function ownedRows(table: TableName, owner: AccountOwner): RawBuilder<SqlBool> {
  const entry = byTable.get(table);
  if (!entry) throw new Error(`${table} is not in USER_TABLES`);
  return condition(entry.owner, owner);
}

function condition(ownership: Ownership, owner: AccountOwner): RawBuilder<SqlBool> {
  if ('anyOf' in ownership) {
    return sql<SqlBool>`(${sql.join(
      ownership.anyOf.map((one) => condition(one, owner)),
      sql` or `,
    )})`;
  }
  const column = sql.ref(ownership.column);
  if ('parent' in ownership) {
    const parent = sql.table(ownership.parent);
    return sql<SqlBool>`${column} in (select id from ${parent} where ${ownedRows(ownership.parent, owner)})`;
  }
  switch (ownership.is) {
    case 'user-id':
      return sql<SqlBool>`${column} = ${owner.id}`;
    case 'email':
      return sql<SqlBool>`${column} = ${owner.email}`;
    case 'subject':
      // User ids are UUIDs: no LIKE wildcard in them. A key made to fit keeps its start.
      return sql<SqlBool>`(${column} = ${owner.id} or ${column} like ${`${owner.id}:%`} or ${column} like ${`${owner.id}#%`})`;
    case 'address-bucket':
      return sql<SqlBool>`${column} in (${sql.join(addressBuckets(owner.email))})`;
  }
}
