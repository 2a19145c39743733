import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { pruneBackups, scheduledBackupName } from './backup-schedule';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run backup|restore -- args` as package.json runs them, on DATA_DIR `dataDir`. */
function npmRun(script: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const command = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts[
    script
  ] as string;
  const [node, ...rest] = command.split(' ');
  expect(node).toBe('node');
  return spawnSync(process.execPath, [...rest, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
}

it('backs a data directory up from the command line and restores it only into an empty one', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  fs.writeFileSync(path.join(data, 'jwt-secret'), 'the secret');
  const file = path.join(dir, 'out.tar.gz');
  const backup = npmRun('backup', data, '--out', file);
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toContain(`Backup written to ${file}`);

  const refused = npmRun('restore', data, file);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(`${data} is not empty`);

  const fresh = path.join(dir, 'fresh');
  const restored = npmRun('restore', fresh, file);
  expect(restored.status, restored.stderr).toBe(0);
  expect(fs.readFileSync(path.join(fresh, 'jwt-secret'), 'utf8')).toBe('the secret');
});

it('keeps the newest scheduled backups and leaves other files alone', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-keep-'));
  const names = [3, 1, 2, 4].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 10, day))));
  for (const name of [...names, 'notes.txt']) fs.writeFileSync(path.join(dir, name), '');
  expect(pruneBackups(dir, 2)).toEqual([names[1], names[2]]);
  expect(fs.readdirSync(dir).sort()).toEqual([names[0], names[3], 'notes.txt'].sort());
});
