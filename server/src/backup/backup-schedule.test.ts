import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { scheduleBackups } from './backup-schedule';

let dir: string;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes a backup at each BACKUP_CRON time and keeps the newest BACKUP_KEEP', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-schedule-'));
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    BACKUP_DIR: path.join(dir, 'backups'),
    // Every second (cron-parser's six fields), so a few come quickly.
    BACKUP_CRON: '* * * * * *',
    BACKUP_KEEP: '2',
  });
  fs.mkdirSync(config.dataDir);
  fs.writeFileSync(path.join(config.dataDir, 'jwt-secret'), 'kept');
  const written: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => written.push(line) });
  stop = scheduleBackups(config, log);
  await expect
    .poll(() => written.length, { timeout: 15_000, interval: 100 })
    .toBeGreaterThanOrEqual(3);
  stop();
  const kept = fs.readdirSync(config.BACKUP_DIR!);
  expect(kept).toHaveLength(2);
  expect(written.map((line) => JSON.parse(line).msg)).toContain('scheduled backup written');
});

it('refuses a BACKUP_CRON that is not a cron expression', () => {
  expect(() => loadConfig({ BACKUP_CRON: 'at three' })).toThrow(
    'BACKUP_CRON must be a cron expression, such as "0 3 * * *"',
  );
});
