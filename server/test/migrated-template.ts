import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDb } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';

/**
 * Migrated empty databases that each test's own is copied from: migrating one took 50 ms
 * on SQLite and 260 ms on PostgreSQL (create and migrate), a copy takes 1 ms and 90 ms.
 * A template is named by the migrations' own text, so an edited migration makes a new one.
 */
const SCHEMA = crypto
  .createHash('sha256')
  .update(
    Object.entries(migrations)
      .map(([name, m]) => `${name}\n${String(m.up)}\n${String(m.down)}`)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

/** The migrated SQLite file of this schema, made once on the machine for every worker. */
const SQLITE_TEMPLATE = path.join(os.tmpdir(), `speedrank-test-schema-${SCHEMA}.sqlite`);

/** Puts a migrated SQLite database at `target` (a file that does not exist yet). */
export async function copyMigratedSqlite(target: string): Promise<void> {
  if (!fs.existsSync(SQLITE_TEMPLATE)) {
    // Made beside its name and renamed into it: a worker never copies a half-made one.
    const making = `${SQLITE_TEMPLATE}.${process.pid}.${crypto.randomUUID()}`;
    const db = connectDb({ sqlitePath: making });
    await migrateToLatest(db);
    // Closing the last connection folds the write-ahead log into the file.
    await db.close();
    fs.renameSync(making, SQLITE_TEMPLATE);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(SQLITE_TEMPLATE, target);
}

/** The migrated template database of this schema on the server at `baseUrl`, made once. */
export async function pgTemplate(baseUrl: string): Promise<string> {
  const name = `sr_schema_${SCHEMA}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // One worker makes it while the others wait for it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (made.rowCount === 0) {
      const making = `${name}_making`;
      await admin.query(`drop database if exists ${making}`);
      await admin.query(`create database ${making}`);
      const url = new URL(baseUrl);
      url.pathname = `/${making}`;
      const db = connectDb({ databaseUrl: url.toString(), sqlitePath: '' });
      await migrateToLatest(db);
      await db.close();
      await admin.query(`alter database ${making} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
