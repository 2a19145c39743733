import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import type { Clock } from '../src/shared/clock';
import { loadConfig, type Config } from '../src/config';
import { connectDb, type Db } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import type { ServiceOverrides } from '../src/services';
import { testDatabaseUrl } from './backends';
import { copyMigratedSqlite, pgTemplate } from './migrated-template';

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * Configuration for a lab that answers at once (a scripted one): every sample runs at
 * once, whatever its host, and none is taken from the cache.
 */
export const SCRIPTED_LAB_ENV = {
  SPEED_CONCURRENCY: '64',
  SPEED_SAMPLES_PER_HOST: '64',
  SPEED_CACHE_TTL_MINUTES: '0',
};

/** A fresh PostgreSQL database for one test, empty or a copy of `template`; dropped on close. */
export async function createPgDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sr_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Builds the app on a fresh SQLite file (or PostgreSQL database) with migrations applied
 * (copied from a migrated template; a data directory given with its file keeps it);
 * `overrides` put test parts (a scripted lab, a resolver) in place of configured ones.
 */
export async function buildTestApp(
  options: {
    postgres?: boolean;
    env?: Record<string, string>;
    clock?: Clock;
    overrides?: ServiceOverrides;
    /** Where the app's log lines go (with LOG_LEVEL in `env`): a test that reads them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-test-'));
  const pgDb =
    options.postgres && testDatabaseUrl
      ? await createPgDatabase(testDatabaseUrl, await pgTemplate(testDatabaseUrl))
      : null;
  if (options.postgres && !pgDb) throw new Error('TEST_DATABASE_URL is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  if (!config.DATABASE_URL && !fs.existsSync(config.sqlitePath)) {
    await copyMigratedSqlite(config.sqlitePath);
  }
  const db = connectDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    ...(options.clock && { clock: options.clock }),
    ...(options.overrides && { overrides: options.overrides }),
    ...(options.logStream && { logStream: options.logStream }),
  });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
