/**
 * Site speed tracking: the scheduler's overhead with 1,000 tracked pages (the time to find
 * the due ones and to claim one, and the memory its passes take), and the latency of the
 * history endpoint for a page with 10,000 stored checks of 3 samples each (p50 and p99,
 * over HTTP on loopback). Then the storage tracking takes under the retention rules (issue
 * 16): the bytes of one check with its details (the representative run's ten-frame
 * filmstrip, three samples' fingerprints) and of one past TRACKING_DETAIL_CHECKS (metrics
 * and one fingerprint), and of a page-year: a page checked daily on one device for 365 days
 * with 3 samples each, as the storage endpoint counts it and as SQLite's file grows. The
 * rows are written straight to SQLite: no check runs, no browser starts. Prints figures;
 * asserts nothing.
 *   npx tsx bench/tracking-bench.ts [--requests 200]
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import lhr from '@core/fixtures/lh-12-8-2-mobile-light.json';
import type { RunFingerprint } from '@core/schemas/tracking';
import { mapLighthouseResult, type LighthouseResultLike } from '@core/speed';
import { LAB_KEYS } from '@core/speed-summary';
import { storedFilmstrip } from '../server/src/speed/filmstrip';
import { pruneTrackingDetails } from '../server/src/tracking/retention';
import { signUp } from '../server/test/users';
import { startBenchApp } from './support/bench-app';

const requests = Number(process.argv[process.argv.indexOf('--requests') + 1]) || 200;
const PAGES = 1000;
const CHECKS = 10_000;
const SAMPLES = 3;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};

/**
 * A done scheduled check of a page that started at `startedAt` and took 40 s, with its
 * SAMPLES samples, as rows of tracking_checks and tracking_samples; `n` varies its medians.
 * `state` (none unless given), `filmstrip` and the samples' `fingerprint` as the caller
 * stores them.
 */
function checkRows(
  pageId: string,
  n: number,
  {
    device,
    startedAt,
    state,
    filmstrip = null,
    fingerprint,
  }: {
    device: 'mobile' | 'desktop';
    startedAt: number;
    state?: 'ok';
    filmstrip?: string | null;
    fingerprint?: RunFingerprint;
  },
) {
  const check = {
    id: crypto.randomUUID(),
    page_id: pageId,
    device,
    trigger: 'schedule' as const,
    status: 'done' as const,
    ...(state && { state }),
    started_at: new Date(startedAt).toISOString(),
    finished_at: new Date(startedAt + 40_000).toISOString(),
    ...Object.fromEntries(LAB_KEYS.map((key) => [`median_${key}`, 1000 + (n % 97)])),
    filmstrip,
    field: null,
    regression: 0,
    reasons: '[]',
    error: null,
  };
  const samples = Array.from({ length: SAMPLES }, (_, s) => ({
    check_id: check.id,
    sample: s + 1,
    source: 'local-lighthouse' as const,
    ...Object.fromEntries(LAB_KEYS.map((key) => [key, 990 + s * 10])),
    error: null,
    error_kind: null,
    ...(fingerprint && { fingerprint: JSON.stringify(fingerprint) }),
  }));
  return { check, samples };
}

/** Writes the checks, then their samples, so many rows an insert of each. */
async function insertChecks(
  rows: ReturnType<typeof checkRows>[],
  perInsert: { checks: number; samples: number },
) {
  const tables = [
    ['tracking_checks', rows.map((row) => row.check), perInsert.checks],
    ['tracking_samples', rows.flatMap((row) => row.samples), perInsert.samples],
  ] as const;
  for (const [table, values, size] of tables)
    for (let i = 0; i < values.length; i += size)
      await db.kysely
        .insertInto(table)
        .values(values.slice(i, i + size) as never)
        .execute();
}

// No timer ticks: the bench calls the scheduler itself.
const bench = await startBenchApp({ TRACKING_CONCURRENCY: '0' });
const { app, db, port } = bench;
const { tracking } = app.services;
console.log(`machine: ${os.cpus().length} cores, node ${process.version}; database: SQLite`);

try {
  // 1,000 pages of ten Pro users, due times spread over the last and the next 12 hours.
  const now = app.services.clock.now().getTime();
  const users: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let u = 0; u < PAGES / 100; u++) users.push(await signUp(app, 4));
  const pages = Array.from({ length: PAGES }, (_, i) => ({
    id: crypto.randomUUID(),
    workspace_id: users[i % users.length]!.userId,
    url: `http://scoops.sandbox.localhost:${port}/p${i}`,
    devices: 'mobile,desktop',
    schedule: i % 2 ? ('hourly' as const) : ('daily' as const),
    samples: 3,
    budgets: '{}',
    paused: 0,
    next_due_at: new Date(now + (i - PAGES / 2) * 43_200).toISOString(),
    lease_owner: null,
    lease_until: null,
    created_at: new Date(now - 86_400_000).toISOString(),
    updated_at: new Date(now - 86_400_000).toISOString(),
  }));
  for (let i = 0; i < pages.length; i += 200)
    await db.kysely
      .insertInto('tracked_pages')
      .values(pages.slice(i, i + 200))
      .execute();

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const find: number[] = [];
  let due = 0;
  for (let i = 0; i < requests; i++) {
    const start = process.hrtime.bigint();
    due = (await tracking.scheduler.findDue(PAGES)).length;
    find.push(ms(start));
  }
  const pass: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = process.hrtime.bigint();
    // A pass of a process with room for one check: the longest-due candidates.
    await tracking.scheduler.findDue(2);
    pass.push(ms(start));
  }
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(`scheduler, ${PAGES} tracked pages (${due} due now):`);
  console.log(`  find every due page:          ${summary(find)}`);
  console.log(`  one pass (find 2 candidates): ${summary(pass)}`);
  console.log(
    `  memory: heap ${mb(heapAfter)} after ${2 * requests} passes (${mb(heapAfter - heapBefore)} more than before), rss ${mb(process.memoryUsage().rss)}`,
  );

  // One page with 10,000 checks of three samples, hourly on both devices (~7 months).
  const owner = users[0]!;
  const page = pages[0]!;
  const rows = Array.from({ length: CHECKS }, (_, i) =>
    checkRows(page.id, i, {
      device: i % 2 ? 'desktop' : 'mobile',
      startedAt: now - Math.floor(i / 2) * 3_600_000,
    }),
  );
  await insertChecks(rows, { checks: 500, samples: 500 });

  const base = `http://127.0.0.1:${port}/backend-service/v1/tracking/pages/${page.id}`;
  const get = async (query: string) => {
    const res = await fetch(`${base}/history?${query}`, { headers: owner.headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${query}: ${res.status} ${body.slice(0, 200)}`);
    return { body, parsed: JSON.parse(body) as { checks: unknown[]; next: string | null } };
  };
  console.log(
    `history of one page with ${CHECKS} checks × ${SAMPLES} samples (hourly, both devices), ${requests} requests each:`,
  );
  // The floor every signed-in request of a page pays (session, user, page): its alerts, none.
  const floor: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = process.hrtime.bigint();
    await (await fetch(`${base}/alerts`, { headers: owner.headers })).text();
    floor.push(ms(start));
  }
  console.log(`  (floor: the page's empty alert list          ${summary(floor)})`);
  for (const query of ['range=7d', 'range=30d', 'range=all', 'range=all&limit=2000']) {
    const times: number[] = [];
    let last = await get(query);
    for (let i = 0; i < requests; i++) {
      const start = process.hrtime.bigint();
      last = await get(query);
      times.push(ms(start));
    }
    console.log(
      `  ${query.padEnd(22)} ${String(last.parsed.checks.length).padStart(5)} checks, ${(last.body.length / 1024).toFixed(0).padStart(5)} KB: ${summary(times)}`,
    );
  }
  // The whole history, page after page, as a client charting 'all' would read it.
  const start = process.hrtime.bigint();
  let read = 0;
  let pagesRead = 0;
  for (let next: string | null = ''; next !== null; pagesRead++) {
    const { parsed } = await get(`range=all&limit=2000${next ? `&before=${next}` : ''}`);
    read += parsed.checks.length;
    next = parsed.next;
  }
  console.log(`  all ${read} checks in ${pagesRead} pages of 2000: ${ms(start).toFixed(0)} ms`);
  const csvStart = process.hrtime.bigint();
  const csv = await fetch(`${base}/history.csv?range=all`, { headers: owner.headers });
  const csvBytes = (await csv.arrayBuffer()).byteLength;
  console.log(
    `  CSV export of all: ${(csvBytes / 1024).toFixed(0)} KB in ${ms(csvStart).toFixed(0)} ms`,
  );

  // The account page's figure for the owner of that page (and of a hundred others).
  const storageUrl = `http://127.0.0.1:${port}/backend-service/v1/tracking/storage`;
  const storageTimes: number[] = [];
  let owned = '';
  for (let i = 0; i < requests; i++) {
    const start = process.hrtime.bigint();
    owned = await (await fetch(storageUrl, { headers: owner.headers })).text();
    storageTimes.push(ms(start));
  }
  const { pages: ownedPages, checks: ownedChecks } = JSON.parse(owned) as Record<string, number>;
  console.log(
    `  GET /tracking/storage of its owner (${ownedPages} pages, ${ownedChecks} checks): ${summary(storageTimes)}`,
  );

  await pageYear();
} finally {
  await bench.close();
}

/**
 * A page checked daily on mobile for a year, 3 samples a check, each check stored as the
 * check runner stores it: the representative run's filmstrip (Lighthouse's ten thumbnails,
 * cut from a recorded mobile result) and every sample's fingerprint; then the retention
 * sweep's details prune. Pro keeps metrics for 365 days, so the year stays whole.
 */
async function pageYear() {
  const { headers: user, userId: ownerId } = await signUp(app, 4);
  const mapped = mapLighthouseResult(lhr as LighthouseResultLike)!;
  const frames = Array.from(
    { length: 10 },
    (_, i) => mapped.filmstrip[i % mapped.filmstrip.length]!,
  );
  const times = Array.from({ length: 10 }, (_, i) => 300 * (i + 1));
  const fingerprint: RunFingerprint = {
    source: 'local-lighthouse',
    lighthouseVersion: '12.8.2',
    chromiumVersion: 'Chrome/131.0.6778.85',
    benchmarkIndex: 1523.5,
    throttlingMethod: 'simulate',
    throttling: {
      rttMs: 150,
      throughputKbps: 1638.4,
      requestLatencyMs: 562.5,
      downloadThroughputKbps: 1474.56,
      uploadThroughputKbps: 675,
      cpuSlowdownMultiplier: 4,
    },
    device: 'mobile',
    concurrency: 1,
  };
  const now = app.services.clock.now().getTime();
  const page = {
    id: crypto.randomUUID(),
    workspace_id: ownerId,
    url: `http://scoops.sandbox.localhost:${port}/year`,
    devices: 'mobile',
    schedule: 'daily' as const,
    samples: SAMPLES,
    budgets: '{}',
    paused: 0,
    next_due_at: new Date(now + 86_400_000).toISOString(),
    lease_owner: null,
    lease_until: null,
    created_at: new Date(now - 365 * 86_400_000).toISOString(),
    updated_at: new Date(now - 365 * 86_400_000).toISOString(),
  };
  const used = async () => {
    const pragma = async (name: string) =>
      Number(
        Object.values(
          (await sql.raw<Record<string, number>>(`pragma ${name}`).execute(db.kysely)).rows[0]!,
        )[0],
      );
    return (
      ((await pragma('page_count')) - (await pragma('freelist_count'))) *
      (await pragma('page_size'))
    );
  };
  const storage = async () =>
    (await (
      await fetch(`http://127.0.0.1:${port}/backend-service/v1/tracking/storage`, { headers: user })
    ).json()) as { pages: number; checks: number; bytes: number };
  const fileBefore = await used();
  await db.kysely
    .insertInto('tracked_pages')
    .values(page as never)
    .execute();
  const filmstrip = storedFilmstrip(frames, times);
  const rows = Array.from({ length: 365 }, (_, day) =>
    checkRows(page.id, day, {
      device: 'mobile',
      startedAt: now - (365 - day) * 86_400_000,
      state: 'ok',
      filmstrip,
      fingerprint,
    }),
  );
  await insertChecks(rows, { checks: 50, samples: 300 });
  const kept = bench.config.TRACKING_DETAIL_CHECKS;
  const full = await storage();
  const fileFull = await used();
  const start = process.hrtime.bigint();
  const pruned = await pruneTrackingDetails(db, kept);
  const pruneMs = ms(start);
  const after = await storage();
  const fileAfter = await used();
  // Per check: with details (all kept before the prune), and without (what the prune saved).
  const detailed = full.bytes / full.checks;
  const bare = (after.bytes - kept * detailed) / (after.checks - kept);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `storage, a page checked daily on one device for 365 days, ${SAMPLES} samples a check (TRACKING_DETAIL_CHECKS=${kept}):`,
  );
  console.log(
    `  per check: ${kb(detailed)} with its details (a ${frames.length}-frame filmstrip of ${kb(frames.reduce((n, f) => n + f.length, 0))}, ${SAMPLES} fingerprints), ${bare.toFixed(0)} bytes past the last ${kept} (metrics, one fingerprint)`,
  );
  console.log(
    `  per page-year, as GET /tracking/storage counts it: ${mb(after.bytes)} kept (${kept} detailed + ${after.checks - kept} bare checks); ${mb(full.bytes)} if every check kept its details`,
  );
  console.log(
    `  SQLite file pages in use for it: ${mb(fileFull - fileBefore)} before the prune, ${mb(fileAfter - fileBefore)} after (indexes included; freed pages reused)`,
  );
  console.log(
    `  the details prune: ${pruned} checks (this page's and the 10,000-check page's) in ${pruneMs.toFixed(0)} ms`,
  );
}
