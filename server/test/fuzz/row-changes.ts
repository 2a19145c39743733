import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect';

/** Kept by triggers on every data table: how many rows of each were written so far. */
const WRITES_TABLE = 'fuzz_row_writes';

/**
 * Tables whose rows may change on a refused request by design: the throttles count every
 * attempt, refused ones too (a failed sign-in must count), and the migrator's own books.
 */
const CHANGING_ON_REFUSAL = new Set([
  'rate_counters',
  'kysely_migration',
  'kysely_migration_lock',
  WRITES_TABLE,
]);

/**
 * Columns a refused request may change by design: an API token's last use is written when
 * it signs in, before the call's body is read (once a minute at most).
 */
const CHANGING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  api_tokens: ['last_used_at'],
};

/** Every table of the app's schema, as the database lists it (new migrations included). */
async function dataTables(db: Db): Promise<string[]> {
  const query =
    db.kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`;
  const { rows } = await query.execute(db.kysely);
  return rows.map((r) => r.name).filter((name) => !CHANGING_ON_REFUSAL.has(name));
}

/** Adds the triggers that count each table's row writes into WRITES_TABLE. */
async function countWrites(db: Db, tables: string[]): Promise<void> {
  const run = (query: string) => sql.raw(query).execute(db.kysely);
  await run(`create table ${WRITES_TABLE} (name varchar(128) primary key, n bigint not null)`);
  for (const table of tables) await run(`insert into ${WRITES_TABLE} values ('${table}', 0)`);
  if (db.kind === 'postgres') {
    await run(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin update ${WRITES_TABLE} set n = n + 1 where name = TG_TABLE_NAME; return null; end $$`);
    for (const table of tables) {
      await run(`create trigger fuzz_count_write after insert or update or delete on "${table}"
        for each row execute function fuzz_count_write()`);
    }
    return;
  }
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await run(`create trigger fuzz_${table}_${event} after ${event} on "${table}"
        begin update ${WRITES_TABLE} set n = n + 1 where name = '${table}'; end`);
    }
  }
}

async function writeCounts(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; n: string | number }>`select name, n from ${sql.table(
    WRITES_TABLE,
  )}`.execute(db.kysely);
  return Object.fromEntries(rows.map((r) => [r.name, String(r.n)]));
}

/** A fingerprint of every row of each table: equal fingerprints mean equal rows. */
async function digests(db: Db, tables: string[]): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    const ignored = CHANGING_COLUMNS[table] ?? [];
    const lines = rows
      .map((row) => {
        for (const column of ignored) delete row[column];
        return JSON.stringify(row);
      })
      .sort();
    digest[table] =
      `${rows.length}:${crypto.createHash('sha1').update(lines.join('\n')).digest('hex')}`;
  }
  return digest;
}

/**
 * Tells whether a request changed any row. Triggers count each table's writes, so a case
 * costs one small query; only a table that was written is read again, and it counts as
 * changed only when its rows differ in the end (a charge given back changes nothing).
 */
export class RowWatch {
  private counts: Record<string, string> = {};
  private rows: Record<string, string> = {};

  private constructor(
    private readonly db: Db,
    private readonly tables: string[],
  ) {}

  static async start(db: Db): Promise<RowWatch> {
    const tables = await dataTables(db);
    await countWrites(db, tables);
    const watch = new RowWatch(db, tables);
    await watch.settle();
    return watch;
  }

  private async written(): Promise<{ counts: Record<string, string>; tables: string[] }> {
    const counts = await writeCounts(this.db);
    return { counts, tables: this.tables.filter((t) => counts[t] !== this.counts[t]) };
  }

  /** Takes in every write since the last look; call it before sending a request. */
  async settle(): Promise<void> {
    const { counts, tables } = await this.written();
    Object.assign(this.rows, await digests(this.db, tables));
    this.counts = counts;
  }

  /** The tables whose rows differ from what the last `settle` saw. */
  async changed(): Promise<string[]> {
    const { tables } = await this.written();
    const now = await digests(this.db, tables);
    return tables.filter((table) => now[table] !== this.rows[table]);
  }
}
