import fs from 'node:fs';
import { buildApp } from './app';
import { scheduleBackups } from './backup/backup-schedule';
import { ConfigError, loadConfig } from './config';
import { connectDb } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { mixlabPasswordFile } from './scrape/password';
import { warmServices, type ServiceOverrides } from './services';
import { stopOnSignals } from './shutdown';

/**
 * Configures, migrates and runs the app until a signal stops it. `overrides` is for the
 * test entries that run the same process with a stand-in part (the browser tests' lab).
 */
export async function serve(overrides?: ServiceOverrides): Promise<void> {
  // A local .env file, when present, fills variables not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = connectDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.sqlitePath,
    checkpointInWorker: true,
  });
  await migrateToLatest(db);
  const app = await buildApp({ config, db, overrides });

  stopOnSignals(app, db, config.SHUTDOWN_DRAIN_MS);
  const stopBackups = scheduleBackups(config, app.log);
  app.addHook('onClose', async () => stopBackups());

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`SpeedRank is running at http://localhost:${port}`);
  if (!config.MIXLAB_PASSWORD) {
    console.log(
      `The MixLab password is in ${mixlabPasswordFile(config)} (or set MIXLAB_PASSWORD).`,
    );
  }
  await warmServices(app.services, app.log);
}

/** Runs `serve` as a process's entry: a configuration error is one line, then exit 1. */
export function serveAsEntry(overrides?: ServiceOverrides): void {
  serve(overrides).catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
