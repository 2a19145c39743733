/**
 * The Kysely schema shared by SQLite and PostgreSQL. Times are ISO-8601 strings and
 * flags are 0/1 integers so one set of migrations and queries serves both databases.
 */
export interface Database {
  users: UsersTable;
  user_settings: UserSettingsTable;
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
  created_at: string;
  updated_at: string;
}

export interface UserSettingsTable {
  user_id: string;
  device_type: number;
  google_domain: string;
  country: string;
  language: string;
  search_keyword: string;
  origin_url: string;
  updated_at: string;
}
