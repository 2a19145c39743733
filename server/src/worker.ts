import fs from 'node:fs';
import { pino } from 'pino';
import { systemClock } from './auth/clock';
import { ConfigError, loadConfig } from './config';
import { connectDb } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { servePageFacts } from './page-facts/page-facts-jobs';
import { createEmailSender } from './providers/email';
import { Quotas } from './quota/quotas';
import { crawlMaker, createCrawlPace, scrapeTarget, serveScrapePages } from './scrape/scrape-jobs';
import { createConfiguredJobs, createSpeedJobs, pageFetchOptions } from './services';
import { Tracking } from './tracking/tracking';

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
  const jobs = createConfiguredJobs(config, log);
  const speed = createSpeedJobs(config, db, log, systemClock, jobs, true);
  const pageFetch = () => pageFetchOptions(config);
  const pageFacts = servePageFacts(jobs, pageFetch);
  const pace = createCrawlPace(config, log);
  const scrape = serveScrapePages(
    jobs,
    scrapeTarget(config),
    crawlMaker(config, pageFetch, () => Date.now(), pace),
  );
  const email = createEmailSender(config, log);
  const tracking = new Tracking({
    db,
    clock: systemClock,
    config,
    quotas: new Quotas(db, systemClock),
    jobs,
    speed: () => speed,
    email: () => email,
    pageFetch,
    log,
  });
  tracking.serve();
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
      // Checks end first: their samples are cancelled, not left to a closed engine.
      await tracking.stop();
      await Promise.all([
        speed.drain(config.SHUTDOWN_DRAIN_MS),
        pageFacts.close(),
        scrape?.close(),
      ]);
      await speed.close();
      await jobs.close();
      await pace.close();
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
