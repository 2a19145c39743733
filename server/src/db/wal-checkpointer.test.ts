import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalCheckpointer } from './wal-checkpointer';

/** Writes about 8 MB in a hundred commits, far past the thousand pages of an autocheckpoint. */
function writeLoad(database: SQLite.Database) {
  database.exec('create table if not exists t (body text)');
  const insert = database.prepare('insert into t (body) values (?)');
  for (let commit = 0; commit < 100; commit++) {
    database.transaction(() => {
      for (let row = 0; row < 20; row++) insert.run('x'.repeat(4000));
    })();
  }
}

describe('checkpointing SQLite from a worker thread', () => {
  let dir: string;
  let database: SQLite.Database;
  afterEach(() => {
    if (database?.open) database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function open() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
    database = new SQLite(path.join(dir, 'app.db'));
    database.pragma('journal_mode = WAL');
    return database;
  }

  it('copies the log into the file while the serving connection never checkpoints', async () => {
    open();
    const checkpointer = WalCheckpointer.start(database, 50);
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writeLoad(database);
    // The serving connection checkpoints no more, so only the thread can grow the file.
    await expect
      .poll(() => fs.statSync(database.name).size, { timeout: 20_000, interval: 50 })
      .toBeGreaterThan(7_000_000);
    await checkpointer.stop();
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(database.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
  });

  it('leaves the file alone without it, as the log then waits for a checkpoint', () => {
    open();
    database.pragma('wal_autocheckpoint = 0');
    writeLoad(database);
    expect(fs.statSync(database.name).size).toBeLessThan(1_000_000);
    expect(fs.statSync(`${database.name}-wal`).size).toBeGreaterThan(7_000_000);
  });
});
