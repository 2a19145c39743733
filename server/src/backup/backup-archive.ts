import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../config';
import { runPgTool } from './pg-tools';

/** What a backup holds besides the data files, read first by a restore. */
const MANIFEST = 'speedrank-backup.json';
/** The archive's folder of DATA_DIR's files, the database snapshot among them. */
const DATA = 'data';
/** A PostgreSQL database's dump, in pg_dump's custom format. */
const PG_DUMP = 'postgres.pgdump';
const FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** sha256 of every file, by its path in the archive. */
  files: Record<string, string>;
}

export class BackupRefused extends Error {}

/** The SQLite database's own files, which a backup copies as one consistent snapshot. */
const isSqliteFile = (config: Config, file: string) =>
  file === config.sqlitePath || file.startsWith(`${config.sqlitePath}-`);

function listFiles(dir: string, skip: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && !skip(file) ? [file] : [];
  });
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Where scheduled backups go, left out of the backups themselves. */
export const backupDir = (config: Config) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.dataDir, 'backups'));

/**
 * Writes a backup of the install to `out` (a .tar.gz) while the app may be serving:
 * DATA_DIR's files (JWT secret, MixLab password, email outbox, keys) as they are, and the
 * database as one consistent snapshot. SQLite's snapshot is `VACUUM INTO`, one read
 * transaction beside the writers: the page-by-page backup API starts over whenever another
 * process writes, so under a steady load it may never finish. PostgreSQL's is pg_dump's.
 */
export async function createBackup(config: Config, out: string): Promise<{ bytes: number }> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-backup-'));
  try {
    const staged = path.join(stage, DATA);
    fs.mkdirSync(staged);
    const backups = backupDir(config);
    const skip = (file: string) =>
      isSqliteFile(config, file) || file.startsWith(backups + path.sep);
    for (const file of listFiles(config.dataDir, skip)) {
      const to = path.join(staged, path.relative(config.dataDir, file));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(file, to);
    }
    if (config.DATABASE_URL) {
      await runPgTool(
        'pg_dump',
        [
          '--format=custom',
          `--file=${path.join(stage, PG_DUMP)}`,
          `--dbname=${config.DATABASE_URL}`,
        ],
        'Back the database up with `pg_dump --format=custom "$DATABASE_URL"`; this backup would hold DATA_DIR only, so none was written.',
      );
    } else if (fs.existsSync(config.sqlitePath)) {
      const source = new SQLite(config.sqlitePath, { readonly: true, fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        source.prepare('VACUUM INTO ?').run(path.join(staged, path.basename(config.sqlitePath)));
      } finally {
        source.close();
      }
    }
    const entries = listFiles(stage, () => false).map((file) => path.relative(stage, file));
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: config.DATABASE_URL ? 'postgres' : 'sqlite',
      files: Object.fromEntries(
        await Promise.all(entries.map(async (e) => [e, await sha256(path.join(stage, e))])),
      ),
    };
    fs.writeFileSync(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    // Written beside its name and renamed, so a backup cut short never looks complete.
    const partial = `${out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [
      MANIFEST,
      ...entries,
    ]);
    fs.renameSync(partial, out);
    return { bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

const unreadable = (file: string, why: string) =>
  new BackupRefused(`${file} is not a complete SpeedRank backup (${why}); nothing was restored.`);

/** Unpacks and checks a backup; throws BackupRefused unless every file is whole. */
async function unpack(file: string, into: string): Promise<Manifest> {
  try {
    await tar.extract({ file, cwd: into, strict: true });
  } catch (error) {
    throw unreadable(file, (error as Error).message);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(into, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw unreadable(file, `no readable ${MANIFEST}`);
  }
  if (manifest.format !== FORMAT) throw unreadable(file, `format ${manifest.format} is unknown`);
  for (const [entry, hash] of Object.entries(manifest.files)) {
    const at = path.join(into, entry);
    if (!fs.existsSync(at)) throw unreadable(file, `${entry} is missing`);
    if ((await sha256(at)) !== hash) throw unreadable(file, `${entry} does not match its checksum`);
  }
  return manifest;
}

/** Is DATA_DIR free to restore into: absent, empty, or holding only the backups folder. */
function isEmptyDataDir(config: Config): boolean {
  if (!fs.existsSync(config.dataDir)) return true;
  const backups = backupDir(config);
  return fs
    .readdirSync(config.dataDir)
    .every((name) => path.join(config.dataDir, name) === backups);
}

/**
 * Restores a backup into DATA_DIR, which must be empty unless `force` (then its files are
 * replaced). The archive is checked whole before anything is written, so a corrupt or cut
 * file changes nothing. A PostgreSQL backup goes into DATABASE_URL's database with
 * pg_restore (`--clean` when forced).
 */
export async function restoreBackup(
  config: Config,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefused(`${file} does not exist.`);
  if (!force && !isEmptyDataDir(config)) {
    throw new BackupRefused(
      `${config.dataDir} is not empty: restore into an empty DATA_DIR, or pass --force to replace what it holds.`,
    );
  }
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-restore-'));
  try {
    const manifest = await unpack(file, stage);
    if (manifest.database === 'postgres' && !config.DATABASE_URL) {
      throw new BackupRefused(
        'This backup is of a PostgreSQL database: set DATABASE_URL to restore it.',
      );
    }
    if (manifest.database === 'sqlite' && config.DATABASE_URL) {
      throw new BackupRefused(
        'This backup is of an SQLite install: unset DATABASE_URL to restore it.',
      );
    }
    if (manifest.database === 'postgres') {
      await runPgTool(
        'pg_restore',
        [
          '--no-owner',
          '--exit-on-error',
          ...(force ? ['--clean', '--if-exists'] : []),
          `--dbname=${config.DATABASE_URL}`,
          path.join(stage, PG_DUMP),
        ],
        `Restore ${PG_DUMP} from the archive with pg_restore yourself.`,
      );
    }
    if (force) {
      for (const stale of [
        config.sqlitePath,
        `${config.sqlitePath}-wal`,
        `${config.sqlitePath}-shm`,
      ])
        fs.rmSync(stale, { force: true });
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    const data = path.join(stage, DATA);
    if (fs.existsSync(data)) fs.cpSync(data, config.dataDir, { recursive: true, force: true });
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
