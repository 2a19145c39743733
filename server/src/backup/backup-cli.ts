import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupRefused, createBackup, restoreBackup } from './backup-archive';
import { PgToolMissing } from './pg-tools';

const USAGE = `Usage:
  npm run backup -- --out FILE       a consistent copy of the install while it serves
  npm run restore -- FILE [--force]  into an empty DATA_DIR (--force replaces what it holds)`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  // As the server does: a local .env file fills variables not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (command === 'backup' && values.out) {
    const { bytes } = await createBackup(config, values.out);
    console.log(`Backup written to ${values.out} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
    return;
  }
  if (command === 'restore' && positionals.length === 1) {
    const manifest = await restoreBackup(config, positionals[0]!, { force: values.force });
    console.log(
      `Restored the backup of ${manifest.createdAt} (${manifest.database}) into ${config.dataDir}.`,
    );
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const known = [BackupRefused, PgToolMissing, ConfigError].some((kind) => error instanceof kind);
  if (!known) throw error;
  console.error((error as Error).message);
  process.exitCode = 1;
}
