import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases, testDatabaseUrl } from '../../test/backends';
import { buildTestApp, createPgDatabase } from '../../test/build-test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDb } from '../db/connect';
import { TrackingChecks } from '../tracking/checks';
import { BackupRefused, createBackup, restoreBackup } from './backup-archive';

const API = '/backend-service/v1';
const EMAIL = 'keeper@example.com';
const PASSWORD = 'a long password';

describeOnDatabases('backup and restore', ({ postgres }) => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  /** The install to back up: a user with tracked pages, a check, settings and an email sent. */
  async function original() {
    const t = await buildTestApp({ postgres });
    cleanups.push(() => t.close());
    const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API}${url}`,
        ...(payload && { payload }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const registered = await call('POST', '/auth/register', undefined, {
      email: EMAIL,
      password: PASSWORD,
    });
    const { token, userId } = registered.json() as { token: string; userId: string };
    await t.db.kysely.updateTable('users').set({ plan_id: 4 }).where('id', '=', userId).execute();
    const ids: string[] = [];
    for (const url of [
      'http://scoops.sandbox.localhost:8080/',
      'http://scoops.sandbox.localhost:8080/flavours',
    ]) {
      const created = await call('POST', '/tracking/pages', token, { url, samples: 1 });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id as string);
    }
    await new TrackingChecks(t.db).open(
      ids[0]!,
      'mobile',
      'manual',
      new Date().toISOString(),
      'job-1',
      'kept for the backup',
    );
    expect(
      (await call('POST', '/settings', token, { country: 'de', language: 'de' })).statusCode,
    ).toBe(200);
    return { t, call, token, ids };
  }

  /** What the user sees of their data, to compare before and after. */
  async function seen(
    call: Awaited<ReturnType<typeof original>>['call'],
    token: string,
    ids: string[],
  ) {
    const pages = (await call('GET', '/tracking/pages', token)).json();
    const histories = await Promise.all(
      ids.map(async (id) =>
        (await call('GET', `/tracking/pages/${id}/history?range=all`, token)).json(),
      ),
    );
    const settings = (await call('GET', '/settings', token)).json();
    return { pages, histories, settings };
  }

  it('copies the install while it takes writes, and a fresh directory restored from it serves the same user and data', async () => {
    const { t, call, token, ids } = await original();
    const before = await seen(call, token, ids);
    // An email the outbox holds, as the embedded email sender writes them.
    fs.mkdirSync(path.join(t.config.dataDir, 'outbox'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'outbox', 'welcome.eml'), 'Subject: Welcome');
    const outbox = fs.readdirSync(path.join(t.config.dataDir, 'outbox'));

    // Another user's settings keep changing while the backup is made (sign-ups would meet
    // the per-address registration limit on a slow machine).
    const other = await call('POST', '/auth/register', undefined, {
      email: 'writer@example.com',
      password: PASSWORD,
    });
    const otherToken = (other.json() as { token: string }).token;
    const countries = ['fr', 'es', 'it', 'nl'];
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        const res = await call('POST', '/settings', otherToken, {
          country: countries[written % countries.length],
        });
        expect(res.statusCode).toBe(200);
        written++;
      }
    })();
    await expect.poll(() => written).toBeGreaterThanOrEqual(2);
    const file = path.join(tempDir('speedrank-backups-'), 'install.tar.gz');
    await createBackup(t.config, file);
    writing = false;
    await load;

    const restoredDir = path.join(tempDir('speedrank-restored-'), 'data');
    const pgDb = postgres ? await createPgDatabase(testDatabaseUrl!) : null;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const config = loadConfig({
      DATA_DIR: restoredDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(restoredDir, 'no-web-build'),
      ...(pgDb && { DATABASE_URL: pgDb.url }),
    });
    const manifest = await restoreBackup(config, file);
    expect(manifest.database).toBe(postgres ? 'postgres' : 'sqlite');
    for (const name of ['jwt-secret', 'mixlab-password'])
      expect(fs.readFileSync(path.join(restoredDir, name), 'utf8')).toBe(
        fs.readFileSync(path.join(t.config.dataDir, name), 'utf8'),
      );
    expect(fs.readdirSync(path.join(restoredDir, 'outbox'))).toEqual(
      expect.arrayContaining(outbox),
    );

    const db = connectDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
    const restored = await buildApp({ config, db });
    cleanups.push(async () => {
      await restored.close();
      await db.close();
    });
    const again = (method: 'GET' | 'POST', url: string, bearer?: string, payload?: object) =>
      restored.inject({
        method,
        url: `${API}${url}`,
        ...(payload && { payload }),
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    // The same JWT secret: a token of the original still holds; the password signs in.
    expect((await again('GET', '/settings', token)).statusCode).toBe(200);
    const login = await again('POST', '/auth/login', undefined, {
      email: EMAIL,
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const after = await seen(again, login.json().token as string, ids);
    expect(after).toEqual(before);
  });

  it('refuses a cut or altered backup, and a directory that is not empty, and restores nothing', async () => {
    const { t } = await original();
    const dir = tempDir('speedrank-backups-');
    const file = path.join(dir, 'install.tar.gz');
    await createBackup(t.config, file);
    const whole = fs.readFileSync(file);
    const target = () =>
      loadConfig({
        DATA_DIR: path.join(dir, `data-${Math.random().toString(36).slice(2)}`),
        ...(t.config.DATABASE_URL && { DATABASE_URL: t.config.DATABASE_URL }),
      });

    const truncated = path.join(dir, 'truncated.tar.gz');
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const config = target();
    await expect(restoreBackup(config, truncated)).rejects.toThrow(
      new BackupRefused(
        `${truncated} is not a complete SpeedRank backup (zlib: unexpected end of file); nothing was restored.`,
      ),
    );
    expect(fs.existsSync(config.dataDir)).toBe(false);

    const altered = path.join(dir, 'altered.tar.gz');
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    fs.writeFileSync(altered, flipped);
    await expect(restoreBackup(target(), altered)).rejects.toThrow(
      /is not a complete SpeedRank backup/,
    );

    const notEmpty = target();
    fs.mkdirSync(notEmpty.dataDir, { recursive: true });
    fs.writeFileSync(path.join(notEmpty.dataDir, 'jwt-secret'), 'another install');
    await expect(restoreBackup(notEmpty, file)).rejects.toThrow(
      `${notEmpty.dataDir} is not empty: restore into an empty DATA_DIR, or pass --force to replace what it holds.`,
    );
    expect(fs.readFileSync(path.join(notEmpty.dataDir, 'jwt-secret'), 'utf8')).toBe(
      'another install',
    );
  });
});
