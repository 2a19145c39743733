/**
 * Site speed tracking: the scheduler's overhead with 1,000 tracked pages (the time to find
 * the due ones and to claim one, and the memory its passes take), and the latency of the
 * history endpoint for a page with 10,000 stored checks of 3 samples each (p50 and p99,
 * over HTTP on loopback). The rows are written straight to SQLite: no check runs, no
 * browser starts. Prints figures; asserts nothing.
 *   npx tsx bench/tracking-bench.ts [--requests 200]
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { LAB_KEYS } from '@core/speed-summary';
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
    user_id: users[i % users.length]!.userId,
    url: `http://scoops.sandbox.localhost:${port}/p${i}`,
    devices: 'mobile,desktop',
    schedule: i % 2 ? ('hourly' as const) : ('daily' as const),
    samples: 3,
    budgets: '{}',
    paused: 0,
    alert_state: 'ok' as const,
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
  const checks = Array.from({ length: CHECKS }, (_, i) => ({
    id: crypto.randomUUID(),
    page_id: page.id,
    device: i % 2 ? ('desktop' as const) : ('mobile' as const),
    trigger: 'schedule' as const,
    status: 'done' as const,
    started_at: new Date(now - Math.floor(i / 2) * 3_600_000).toISOString(),
    finished_at: new Date(now - Math.floor(i / 2) * 3_600_000 + 40_000).toISOString(),
    ...Object.fromEntries(LAB_KEYS.map((key) => [`median_${key}`, 1000 + (i % 97)])),
    filmstrip: null,
    field: null,
    regression: 0,
    reasons: '[]',
    error: null,
  }));
  const samples = checks.flatMap((check) =>
    Array.from({ length: SAMPLES }, (_, s) => ({
      check_id: check.id,
      sample: s + 1,
      source: 'local-lighthouse' as const,
      ...Object.fromEntries(LAB_KEYS.map((key) => [key, 990 + s * 10])),
      error: null,
      error_kind: null,
    })),
  );
  for (let i = 0; i < checks.length; i += 500)
    await db.kysely
      .insertInto('tracking_checks')
      .values(checks.slice(i, i + 500) as never)
      .execute();
  for (let i = 0; i < samples.length; i += 500)
    await db.kysely
      .insertInto('tracking_samples')
      .values(samples.slice(i, i + 500) as never)
      .execute();

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
} finally {
  await bench.close();
}
