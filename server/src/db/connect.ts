import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { WalCheckpointer } from './wal-checkpointer';

export type DbKind = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * Marks an SQL text run on every request (`preparedQuery`): PostgreSQL then parses and
   * plans it once per connection, as a named prepared statement, instead of every time.
   */
  prepareStatement?(sql: string): void;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Checkpoints the SQLite file from a worker thread: for the serving process. */
  checkpointInWorker?: boolean;
}

export function connectDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client the server closes (restart, failover, admin) must not crash the
    // process; the pool opens a fresh one on the next query.
    pool.on('error', () => undefined);
    const named = new Map<string, string>();
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool, named) }),
    });
    return {
      kysely,
      kind: 'postgres',
      close: () => kysely.destroy(),
      prepareStatement(text) {
        if (!named.has(text)) named.set(text, `speedrank_prepared_${named.size}`);
      },
    };
  }
  if (options.sqlitePath !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  }
  const database = new SQLite(options.sqlitePath);
  // WAL lets readers proceed while a writer commits; busy_timeout waits instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const checkpointer =
    options.checkpointInWorker && options.sqlitePath !== ':memory:'
      ? WalCheckpointer.start(database)
      : null;
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  const close = async () => {
    await checkpointer?.stop();
    await kysely.destroy();
  };
  return { kysely, kind: 'sqlite', close };
}

/**
 * The pool as Kysely's PostgreSQL driver sees it, running the SQL texts in `named` as
 * named prepared statements (pg parses one on a connection's first use, then only binds
 * and executes it); other queries go as they came. A statement whose result columns a
 * migration has changed since it was prepared ("cached plan must not change result
 * type", raised before it runs) is run again unnamed, and stays unnamed from then on.
 * Queries only: the app streams none, so the driver's cursor form is not offered.
 */
function withNamedStatements(pool: pg.Pool, named: Map<string, string>): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: string, values: readonly unknown[]) => {
        const name = named.get(text);
        if (!name) return client.query(text, [...values]);
        return client.query({ name, text, values: [...values] }).catch((error: unknown) => {
          if ((error as { code?: unknown } | null)?.code !== '0A000') throw error;
          named.delete(text);
          return client.query(text, [...values]);
        });
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Distinct SQL texts whose prepared statements are kept (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The database as Kysely's SQLite driver sees it, with its prepared statements reused:
 * the driver prepares every query it runs, and compiling the same SQL again and again
 * costs more than running it. A statement is only reused when it is idle (an iteration
 * still open on it gets a fresh one); SQLite re-prepares a reused statement itself when
 * the schema has changed since.
 */
export function withStatementCache(
  database: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        // Most recently used last, so the first entry is the one to evict.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = database.prepare(text);
      if (!cached) {
        statements.set(text, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
