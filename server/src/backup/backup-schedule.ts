import fs from 'node:fs';
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { backupDir, createBackup } from './backup-archive';

const PREFIX = 'speedrank-';
const SUFFIX = '.tar.gz';

/** A scheduled backup's name: its time, so names sort as the backups were made. */
export const scheduledBackupName = (at: Date) =>
  `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${SUFFIX}`;

/** Deletes the oldest scheduled backups beyond `keep`; other files of the folder stay. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
    .sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

/**
 * Makes a backup at every BACKUP_CRON time (UTC) and keeps the newest BACKUP_KEEP. A
 * failure is logged and the next time tried again. Returns a stop function; with several
 * API instances on one database, set BACKUP_CRON on one of them only.
 */
export function scheduleBackups(config: Config, log: FastifyBaseLogger): () => void {
  if (!config.BACKUP_CRON) return () => undefined;
  const cron = CronExpressionParser.parse(config.BACKUP_CRON, { tz: 'UTC' });
  const dir = backupDir(config);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    // Timers hold at most about 24.8 days; a later time is reached in steps.
    const wait = Math.min(cron.next().getTime() - Date.now(), 2 ** 31 - 1);
    timer = setTimeout(() => void run(), Math.max(0, wait));
    timer.unref();
  };
  const run = async () => {
    const file = path.join(dir, scheduledBackupName(new Date()));
    try {
      const { bytes } = await createBackup(config, file);
      const removed = pruneBackups(dir, config.BACKUP_KEEP);
      log.info({ file, bytes, removed }, 'scheduled backup written');
    } catch (err) {
      log.error({ err, file }, 'scheduled backup failed');
    }
    cron.reset(new Date());
    next();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
