/**
 * `npm run soak`: days of use in an hour. The real app as its own process on the embedded
 * defaults (SQLite, local Lighthouse, the sandbox web, the email outbox) in a temp
 * DATA_DIR, driven over loopback: Pro users' tracked sandbox pages checked on a schedule
 * TRACKING_SPEEDUP times faster than daily, real-user beacons at a steady rate, and people
 * signing in, reading their pages, history and settings, searching the sandbox and now and
 * then running a speed test. Every report interval it prints the app's RSS and heap after
 * a full GC (support/memory-probe.mjs), event-loop delay p99 and open handles (GET
 * /ops/metrics), its Chromium processes, queue depths (GET /ops/queues), the database and
 * outbox sizes, checks, beacons and API requests. At the end: whether memory and handles
 * stayed flat after warm-up (figures.ts: flatness), Chromium left once the app
 * stopped, and storage against the retention settings. Exits 1 when a verdict fails. Not
 * in CI: it takes the machine for the whole run.
 *   npm run soak -- [--minutes 60] [--report-every 5] [--pages 200] [--speedup 24]
 *     [--beacons-per-second 20] [--warm-up M]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildManifest } from '@sandbox';
import { startAppProcess } from '../server/test/app-process';
import { afterWarmUp, checkPace, flatness, readingHeader, readingLine } from './soak/figures';
import type { Reading } from './soak/figures';
import { allChromium, chromiumBelow, stillChromium } from './soak/processes';
import { metricSum, parsePrometheus } from './soak/prometheus';
import type { Site } from './support/rum-beacons';
import { SoakClient, type Tally, type User } from './soak/traffic';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!(value > 0)) throw new Error(`--${name} takes a positive number`);
  return value;
};
const MINUTES = arg('minutes', 60);
const REPORT_EVERY = arg('report-every', 5);
const PAGES = arg('pages', 200);
/**
 * Local Lighthouse with two runs at a time on 2 shared cores, beside the beacons and the
 * people, ends some 4–8 one-sample checks a minute. At 24 times daily a day lasts an hour,
 * for which 200 pages need 3.3 checks a minute; a week an hour (168) would need 23.
 */
const SPEEDUP = arg('speedup', 24);
const BEACONS_PER_SECOND = arg('beacons-per-second', 20);
const WARM_UP = arg('warm-up', Math.max(REPORT_EVERY, Math.round(MINUTES / 6)));
/** A Pro plan tracks 100 pages: half that per user spreads the pages over a few owners. */
const PAGES_PER_USER = 50;
const RUM_SITES_PER_USER = 3;
/** Few details kept, swept often: the retention sweep has work within the hour. */
const DETAIL_CHECKS = 2;
const SWEEP_MINUTES = 5;

const OPS_TOKEN = crypto.randomBytes(24).toString('hex');
const MEMORY_FILE = path.join(os.tmpdir(), `soak-${process.pid}.json`);
const preload = path.resolve(import.meta.dirname, 'support', 'memory-probe.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chromiumBefore = allChromium().length;
const app = await startAppProcess(
  {
    // Beacons carry their visitor's address in X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: 'loopback',
    OPS_TOKEN,
    TRACKING_SPEEDUP: String(SPEEDUP),
    // Two checks at a time: one Lighthouse run per core (SPEED_CONCURRENCY's default).
    TRACKING_CONCURRENCY: '2',
    TRACKING_TICK_SECONDS: '10',
    TRACKING_DETAIL_CHECKS: String(DETAIL_CHECKS),
    RETENTION_SWEEP_MINUTES: String(SWEEP_MINUTES),
    // Every request comes from loopback: the per-address limits would stop the people.
    LOGIN_ATTEMPTS_PER_IP: '1000000',
    REGISTRATIONS_PER_IP: '1000',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: `--expose-gc --import ${preload}`,
    BENCH_MEMORY_FILE: MEMORY_FILE,
  },
  { webBuild: false },
);
const appPid = app.child.pid!;
/** How the app ended (its exit code or signal), or null while it runs. */
const appEnded = () =>
  app.child.exitCode !== null || app.child.signalCode !== null
    ? `exit code ${app.child.exitCode}, signal ${app.child.signalCode}`
    : null;
const client = new SoakClient(app.baseUrl);
const sqlitePath = path.join(app.dataDir, 'speedrank.sqlite');
const outboxDir = path.join(app.dataDir, 'outbox');

/** The app's RSS and heap after a full GC, from its memory probe. */
async function memory(): Promise<{ rss: number; heapUsed: number }> {
  fs.rmSync(MEMORY_FILE, { force: true });
  app.child.kill('SIGUSR2');
  for (let wait = 0; !fs.existsSync(MEMORY_FILE); wait++) {
    if (appEnded()) throw new Error(`the app ended during the soak: ${appEnded()}`);
    // A full GC takes well under a second; a minute means the event loop is stuck.
    if (wait === 1200) throw new Error('the app did not answer its memory probe within 60 s');
    await sleep(50);
  }
  return JSON.parse(fs.readFileSync(MEMORY_FILE, 'utf8')) as { rss: number; heapUsed: number };
}

const ops = (url: string) =>
  fetch(`${app.baseUrl}/backend-service/v1/ops${url}`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });

const fileSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Rows of one query on the app's database, read-only beside the app. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** When the load began: reports count from here, after the setup. */
let started = 0;

async function read(): Promise<Reading> {
  const { rss, heapUsed } = await memory();
  const metrics = parsePrometheus(await (await ops('/metrics')).text());
  const { queues } = (await (await ops('/queues')).json()) as {
    queues: { waiting: number; active: number }[];
  };
  const checks = Object.fromEntries(
    query<{ status: string; n: number }>(
      'select status, count(*) as n from tracking_checks group by status',
    ).map((row) => [row.status, row.n]),
  );
  const [due] = query<{ n: number }>(
    'select count(*) as n from tracked_pages where paused = 0 and next_due_at <= ?',
    new Date().toISOString(),
  );
  const outbox = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
  return {
    elapsedMs: Date.now() - started,
    rss,
    heapUsed,
    eventLoopP99Ms: metricSum(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    handles: metricSum(metrics, 'nodejs_active_handles_total'),
    chromium: chromiumBelow(appPid).length,
    waiting: queues.reduce((sum, q) => sum + q.waiting, 0),
    active: queues.reduce((sum, q) => sum + q.active, 0),
    dbBytes: fileSize(sqlitePath) + fileSize(`${sqlitePath}-wal`),
    outboxFiles: outbox.length,
    outboxBytes: outbox.reduce((sum, file) => sum + fileSize(path.join(outboxDir, file)), 0),
    checksDone: checks.done ?? 0,
    checksFailed: checks.failed ?? 0,
    pagesDue: due?.n ?? 0,
    beacons: client.beacons.sent,
    beaconErrors: client.beacons.errors,
    apiRequests: client.api.sent,
    apiErrors: client.api.errors,
  };
}

// Light sandbox pages that answer directly: local Lighthouse takes them a few seconds each.
const sandboxPages = buildManifest({ port: app.port })
  .pages.filter((page) => page.status === 200 && page.redirects.length === 0)
  .sort((a, b) => Number(b.speedProfile === 'light') - Number(a.speedProfile === 'light'));
if (sandboxPages.length < PAGES) throw new Error(`the sandbox has ${sandboxPages.length} pages`);

const users: User[] = [];
const sites: Site[] = [];
const stopping = new AbortController();
const timers: NodeJS.Timeout[] = [];
const seenChromium = new Set<number>();
try {
  for (let n = 0; n * PAGES_PER_USER < PAGES; n++) {
    const user = await client.proUser(n);
    users.push(user);
    for (let i = 0; i < RUM_SITES_PER_USER; i++)
      sites.push(await client.rumSite(user, `soak-shop-${n}-${i}`));
  }
  for (let i = 0; i < PAGES; i++)
    await client.track(users[i % users.length]!, {
      url: sandboxPages[i]!.url,
      samples: 1,
      schedule: 'daily',
    });
  const periodMinutes = (24 * 60) / SPEEDUP;
  console.log(
    `SpeedRank soak: ${MINUTES} min, a report every ${REPORT_EVERY} min, warm-up ${WARM_UP} min; ` +
      `${os.availableParallelism()} cores, node ${process.version}, SQLite in ${app.dataDir}\n` +
      `${PAGES} daily tracked pages (1 sample, mobile) of ${users.length} Pro users; ` +
      `TRACKING_SPEEDUP ${SPEEDUP}: a day every ${periodMinutes.toFixed(1)} min, ` +
      `${(MINUTES / periodMinutes).toFixed(1)} days in this run; ${sites.length} RUM sites, ` +
      `${BEACONS_PER_SECOND} beacons/s\n`,
  );

  timers.push(
    setInterval(() => {
      for (const pid of chromiumBelow(appPid)) seenChromium.add(pid);
    }, 2_000),
  );
  // Beacons at a steady pace; past 100 unanswered, the app is behind and the pace waits.
  let inFlight = 0;
  const perTick = BEACONS_PER_SECOND / 10;
  let owed = 0;
  timers.push(
    setInterval(() => {
      for (owed += perTick; owed >= 1 && inFlight < 100; owed--) {
        inFlight++;
        void client.sendBeacon(sites).finally(() => inFlight--);
      }
    }, 100),
  );
  const people = (async () => {
    for (let n = 1; !stopping.signal.aborted; n++) {
      await client.visit(users[n % users.length]!, n, sandboxPages[0]!.url, stopping.signal);
      await sleep(3_000);
    }
  })();

  const readings: Reading[] = [];
  started = Date.now();
  console.log(readingHeader());
  for (let next = REPORT_EVERY; next <= MINUTES + 1e-9; next += REPORT_EVERY) {
    await sleep(Math.max(0, started + next * 60_000 - Date.now()));
    const reading = await read();
    readings.push(reading);
    console.log(readingLine(reading));
  }
  stopping.abort();
  for (const timer of timers) clearInterval(timer);
  await people;
  while (inFlight > 0) await sleep(100);

  const checkCounts = query<{ status: string; trigger: string; n: number }>(
    'select status, trigger, count(*) as n from tracking_checks group by status, trigger',
  );
  const [details] = query<{ most: number | null }>(
    `select max(n) as most from (select count(*) as n from tracking_checks
       where filmstrip is not null group by page_id, device)`,
  );
  const [rum] = query<{ rows: number; n: number }>(
    'select count(*) as rows, coalesce(sum(count), 0) as n from rum_counts',
  );
  const last = readings.at(-1)!;

  console.log('\nChecks:', checkCounts.map((c) => `${c.trigger} ${c.status} ${c.n}`).join(', '));
  const tallies: [string, Tally][] = [
    ['beacons', client.beacons],
    ['API requests', client.api],
  ];
  for (const [label, tally] of tallies) {
    const kinds = [...tally.byError].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `${label}: ${tally.sent} sent, ${tally.errors} errors` +
        (kinds.length ? ` (${kinds.map(([kind, n]) => `${kind} ×${n}`).join('; ')})` : ''),
    );
  }

  const verdicts: [string, boolean][] = [];
  const settled = afterWarmUp(readings, WARM_UP * 60_000);
  const flat = flatness(settled);
  if (flat) {
    const third = Math.max(1, Math.floor(settled.length / 3));
    console.log(
      `\nAfter the warm-up, ${settled.length} reports: the median of the first ${third} ` +
        `against that of the last ${third}:`,
    );
    for (const v of flat) {
      const bytes = v.figure !== 'handles';
      const show = (n: number) => (bytes ? `${(n / 1024 / 1024).toFixed(1)} MB` : n.toFixed(0));
      verdicts.push([`${v.figure} flat`, v.ok]);
      console.log(
        `  ${v.figure.padEnd(8)} ${show(v.first)} → ${show(v.last)}: ${v.growth >= 0 ? '+' : ''}` +
          `${show(v.growth)} (allowed ${show(v.allowed)}) ${v.ok ? 'FLAT' : 'GROWING'}`,
      );
    }
    // The machine's pace, not the app's health: printed, not a verdict.
    const pace = checkPace(settled[0]!, last, PAGES, SPEEDUP);
    console.log(
      `  checks   ${pace.perMinute.toFixed(1)} a minute, ${pace.needed.toFixed(1)} needed: ` +
        `${pace.ok ? 'KEEPING UP' : 'FALLING BEHIND'} (this pace keeps up to --speedup ` +
        `${pace.fastestSpeedup}); pages due at the end ${last.pagesDue}`,
    );
  } else {
    console.log('\nToo few reports after warm-up to compare: run longer or report more often.');
  }
  const detailsKept = details?.most ?? 0;
  // One more check may come between two sweeps.
  const detailsOk = detailsKept <= DETAIL_CHECKS + 1;
  verdicts.push(['tracking details within TRACKING_DETAIL_CHECKS', detailsOk]);
  console.log(
    `\nStorage: database ${(last.dbBytes / 1024 / 1024).toFixed(1)} MB (with WAL), outbox ` +
      `${last.outboxFiles} files; checks keep their filmstrip for the latest ` +
      `${DETAIL_CHECKS} per page and device (swept every ${SWEEP_MINUTES} min): most kept ` +
      `${detailsKept} ${detailsOk ? 'WITHIN' : 'OVER'}; metrics stay the plan's days (Pro 365, ` +
      `more than this run's ${(MINUTES / ((24 * 60) / SPEEDUP)).toFixed(1)} days), outbox files ` +
      `7 days; rum_counts ${rum?.rows ?? 0} rows for ${rum?.n ?? 0} values.`,
  );

  await app.stop();
  // Chromium's last processes may take a moment to go after the app's exit.
  await sleep(3_000);
  const left = stillChromium(seenChromium);
  verdicts.push(['no Chromium left after stop', left.length === 0]);
  console.log(
    `\nChromium: ${seenChromium.size} processes seen under the app, ${left.length} left after ` +
      `it stopped ${left.length === 0 ? 'NONE LEFT' : `LEFT: ${left.join(', ')}`}; on the ` +
      `machine ${chromiumBefore} before the soak, ${allChromium().length} after.`,
  );
  const failed = verdicts.filter(([, ok]) => !ok);
  console.log(
    failed.length === 0
      ? `\nAll ${verdicts.length} verdicts hold.`
      : `\nFailed: ${failed.map(([name]) => name).join('; ')}.`,
  );
  if (failed.length > 0) process.exitCode = 1;
} finally {
  stopping.abort();
  for (const timer of timers) clearInterval(timer);
  if (appEnded()) fs.rmSync(app.dataDir, { recursive: true, force: true });
  else await app.stop();
  fs.rmSync(MEMORY_FILE, { force: true });
}
