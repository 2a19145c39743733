import fs from 'node:fs';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { connectDb } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { FEATURES } from './features';
import { createWorkServices, serveQueues } from './services';

/**
 * `npm run worker`: a worker of the scale-out mode. It takes speed samples from the Redis
 * queue (REDIS_URL), SPEED_CONCURRENCY at a time, each in its own Lighthouse and Chromium,
 * and stores results in the shared database (DATABASE_URL); it also reads SERP analysis'
 * page-facts batches, scrapes MixLab's listing pages and runs tracked pages' checks
 * (TRACKING_CONCURRENCY scheduled ones at a time; their samples are speed jobs like any).
 * On SIGTERM it stops taking samples, lets the running ones finish for SHUTDOWN_DRAIN_MS,
 * then hands what is left back to the queue for another worker.
 */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'speed-worker' });
  if (!config.REDIS_URL) {
    throw new ConfigError(
      'npm run worker needs REDIS_URL (and the API instances need the same one): without it the app runs its samples itself.',
    );
  }
  const db = connectDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const work = createWorkServices(config, db, log, {}, true);
  const { jobs, speed } = work;
  const readers = serveQueues(work);
  const readiness = speed.readiness();
  if (!readiness.ready) log.warn(readiness.message ?? 'Samples cannot run on this machine.');
  // Its browsers start now, not with the first sample a search queues.
  speed.warm().then(
    () => log.info('lab warm: every slot has its browser and Lighthouse loaded'),
    (error: unknown) => log.warn({ err: error }, 'warming the lab failed'),
  );
  // Printed whatever LOG_LEVEL says, as the API's start line is.
  console.log(
    `SpeedRank speed worker: ${config.SPEED_CONCURRENCY} slots, lab ${readiness.source}, queue on ${new URL(config.REDIS_URL).host}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: finishing running samples (up to ${config.SHUTDOWN_DRAIN_MS} ms)`);
    try {
      // Features' own work ends first (as in the API process): tracked pages' and keywords'
      // checks are cancelled, not left to a closed engine.
      for (const feature of FEATURES) await feature.stop?.(work);
      await Promise.all([speed.drain(config.SHUTDOWN_DRAIN_MS), readers.close()]);
      await speed.close();
      await jobs.close();
      await work.scrape.pace.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'stopping the worker failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
