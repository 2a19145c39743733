/**
 * Real-user beacons under load: the app as its own process on the default setup (SQLite,
 * one process), a dozen registered RUM sites, and autocannon posting beacons as rum.js
 * sends them (text/plain JSON, the site's Origin) from 100 connections: varied sites,
 * paths, devices, connections, values and element targets, and a visitor's address in
 * X-Forwarded-For (loopback is a trusted proxy), so the per-client limit paces visitors,
 * not the bench. Prints beacons/s, latency p50/p99, answers other than 204 and the app's
 * CPU time per beacon for the first 100,000 beacons and for the rest; the app's RSS and
 * heap after a full garbage collection (its memory probe, support/memory-probe.mjs) before,
 * after 100,000 and at the end; and what rum_counts holds once the last write is done,
 * against the values of the beacons answered 204. After a warm-up of 20,000 beacons (not
 * measured) comes a paced phase: beacons at a steady
 * 1,500 a second for a minute, as a busy site's visitors send them. Goals on the 2-core
 * machine, the load generator on the same cores: at least 3,000 beacons/s sustained with
 * p99 under 100 ms, p99 under 50 ms at 1,500/s, memory flat over a million beacons. The
 * bound it prints is what one core could ingest at the app's measured CPU per beacon.
 * Asserts nothing.
 *   npx tsx bench/rum-ingest-bench.ts [--beacons 1000000] [--connections 100]
 *     [--paced-rate 1500] [--paced-seconds 60] [--cpu-prof DIR]
 * --cpu-prof writes the app's CPU profile to <dir>/<pid>.cpuprofile when it exits
 * (bench/support/cpu-profile.mjs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { startAppProcess } from '../server/test/app-process';
import { beacon, pick, USER_AGENTS, visitor, type Site } from './support/rum-beacons';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const beacons = Number(arg('beacons', '1000000'));
const connections = Number(arg('connections', '100'));
const cpuProfDir = arg('cpu-prof', '');
const pacedRate = Number(arg('paced-rate', '1500'));
const pacedSeconds = Number(arg('paced-seconds', '60'));
const GOALS = { rate: 3_000, p99: 100, pacedP99: 50 };
/** Beacons sent before anything is measured. */
const WARM_UP = 20_000;
/** The heap after a full GC may grow this much from 100,000 beacons to the end and be flat. */
const FLAT_MB = 16;
/** The point where memory is read the first time, and the load's figures split. */
const FIRST = Math.min(100_000, beacons);

const API = '/backend-service/v1';
const SITES = 12;
const MEMORY_FILE = path.join(os.tmpdir(), `rum-ingest-bench-${process.pid}.json`);

async function register(baseUrl: string, i: number): Promise<Site> {
  const call = async (url: string, payload: object, token?: string) => {
    const res = await fetch(`${baseUrl}${API}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(payload),
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, string>>;
  };
  const { token } = await call('/auth/register', {
    name: `Site ${i}`,
    email: `rum-${crypto.randomUUID()}@example.com`,
    password: 'correct-horse1',
  });
  const origin = `https://shop-${i}.example`;
  const site = await call('/rum/sites', { name: `Shop ${i}`, origins: [origin] }, token);
  return { key: site.key!, origin };
}

interface Memory {
  rss: number;
  heapUsed: number;
  /** CPU time the process used so far: what a beacon costs, whatever else the machine runs. */
  cpuSeconds: number;
  at: string;
  /** Since the last probe: the event loop's delay, and the collections that held it. */
  loop: { p50Ms: number; p99Ms: number; maxMs: number };
  gcPauses: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

/** 'loop p99 12 ms, max 40 ms; GC minor 300× ≤ 3 ms, major 2× ≤ 25 ms' of a phase. */
function heldUp(m: Memory): string {
  const gc = Object.entries(m.gcPauses)
    .map(([kind, p]) => `${kind} ${p.count}× ≤ ${p.maxMs.toFixed(0)} ms`)
    .join(', ');
  return `event loop delay p99 ${m.loop.p99Ms.toFixed(0)} ms, max ${m.loop.maxMs.toFixed(0)} ms; GC ${gc || 'none'}`;
}

/**
 * The app's resident set and heap after a full garbage collection, and its CPU time, as
 * its memory probe (support/memory-probe.mjs) writes them when signalled.
 */
async function memory(): Promise<Memory> {
  fs.rmSync(MEMORY_FILE, { force: true });
  app.child.kill('SIGUSR2');
  for (let wait = 0; !fs.existsSync(MEMORY_FILE); wait++) {
    if (wait === 100) throw new Error('the app did not answer its memory probe');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(fs.readFileSync(MEMORY_FILE, 'utf8')) as Memory;
}

interface Phase {
  beacons: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  other: number;
  errors: number;
  /** Values of the beacons answered 204. */
  values: number;
}

/** What a connection remembers of its beacon until the answer: how many values it sent. */
interface Sent {
  values: number;
}

/**
 * `amount` beacons from `connections` connections, each to a random site and visitor, as
 * fast as the app answers; or, paced, `rate` a second for `seconds`.
 */
async function load(
  baseUrl: string,
  sites: Site[],
  size: { amount: number } | { rate: number; seconds: number },
): Promise<Phase> {
  let values = 0;
  let other = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    ...('amount' in size
      ? { amount: size.amount }
      : { overallRate: size.rate, duration: size.seconds }),
    requests: [
      {
        method: 'POST',
        path: '/rum/v1/collect',
        setupRequest: (request, context) => {
          const site = pick(sites);
          const sent = beacon(site);
          (context as Sent).values = sent.values;
          return {
            ...request,
            body: sent.body,
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: site.origin,
              'user-agent': pick(USER_AGENTS),
              'x-forwarded-for': visitor(),
            },
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 204) values += (context as Sent).values;
          else other++;
        },
      },
    ],
  });
  const answered = result.requests.total;
  return {
    beacons: answered,
    seconds: result.duration,
    rate: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    other,
    errors: result.errors + result.timeouts,
    values,
  };
}

const preload = (file: string) => `--import ${path.resolve(import.meta.dirname, 'support', file)}`;
const app = await startAppProcess(
  {
    TRUST_PROXY: 'loopback',
    TRACKING_CONCURRENCY: '0',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: [
      '--expose-gc',
      preload('memory-probe.mjs'),
      ...(cpuProfDir ? [preload('cpu-profile.mjs')] : []),
    ].join(' '),
    BENCH_MEMORY_FILE: MEMORY_FILE,
    ...(cpuProfDir && { BENCH_CPU_PROF_DIR: path.resolve(cpuProfDir) }),
  },
  { webBuild: false },
);
try {
  const sites = [];
  for (let i = 0; i < SITES; i++) sites.push(await register(app.baseUrl, i));
  // A running app has compiled its hot paths and holds its sites: warm it up as traffic would.
  const warmUp = await load(app.baseUrl, sites, { amount: WARM_UP });
  await memory();
  const paced = await load(app.baseUrl, sites, { rate: pacedRate, seconds: pacedSeconds });
  const before = await memory();
  const first = await load(app.baseUrl, sites, { amount: FIRST });
  const afterFirst = await memory();
  const rest = beacons > FIRST ? await load(app.baseUrl, sites, { amount: beacons - FIRST }) : null;
  const atEnd = await memory();
  // The buffer writes every second: two seconds on, every 204 is in the table.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const db = new SQLite(path.join(app.dataDir, 'speedrank.sqlite'), { readonly: true });
  const counted = db
    .prepare('select count(*) as rows, coalesce(sum(count), 0) as n from rum_counts')
    .get() as { rows: number; n: number };
  db.close();

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nSQLite, one API process, ${SITES} sites, ${connections} connections, ${beacons} beacons ` +
      `after ${paced.beacons} paced at ${pacedRate}/s; ${os.cpus().length} cores, node ${process.version}`,
  );
  console.log(
    'beacons           seconds   beacons/s   p50 ms   p99 ms   non-204   errors   app CPU µs/beacon',
  );
  const pacedLine = `paced ${pacedRate}/s`.padEnd(16);
  console.log(
    `${pacedLine} ${paced.seconds.toFixed(1).padStart(8)} ${paced.rate.toFixed(0).padStart(11)} ` +
      `${String(paced.p50).padStart(8)} ${String(paced.p99).padStart(8)} ` +
      `${String(paced.other).padStart(9)} ${String(paced.errors).padStart(8)}`,
  );
  for (const [label, phase, from, to] of [
    [`first ${FIRST}`, first, before, afterFirst],
    ...(rest ? [[`next ${rest.beacons}`, rest, afterFirst, atEnd] as const] : []),
  ] as const) {
    const cpu = ((to.cpuSeconds - from.cpuSeconds) / phase.beacons) * 1e6;
    console.log(
      `${label.padEnd(16)} ${phase.seconds.toFixed(1).padStart(8)} ${phase.rate
        .toFixed(0)
        .padStart(11)} ${String(phase.p50).padStart(8)} ${String(phase.p99).padStart(8)} ${String(
        phase.other,
      ).padStart(9)} ${String(phase.errors).padStart(8)} ${cpu.toFixed(0).padStart(19)}`,
    );
  }
  console.log('\nwhere latency goes, per phase:');
  console.log(`  paced             ${heldUp(before)}`);
  console.log(`  first ${String(FIRST).padEnd(11)} ${heldUp(afterFirst)}`);
  if (rest) console.log(`  next ${String(rest.beacons).padEnd(12)} ${heldUp(atEnd)}`);
  console.log('\nmemory after a full GC      RSS         heap used   at');
  for (const [label, m] of [
    ['before', before],
    [`after ${FIRST}`, afterFirst],
    [`after ${beacons}`, atEnd],
  ] as const) {
    console.log(`${label.padEnd(27)} ${mb(m.rss).padEnd(11)} ${mb(m.heapUsed).padEnd(11)} ${m.at}`);
  }
  const sustained = rest ?? first;
  const cpuPerBeacon =
    rest !== null
      ? (atEnd.cpuSeconds - afterFirst.cpuSeconds) / rest.beacons
      : (afterFirst.cpuSeconds - before.cpuSeconds) / first.beacons;
  const bound = 1 / cpuPerBeacon;
  const mbFrom = (a: number, b: number) => {
    const d = (b - a) / 1024 / 1024;
    return `${d >= 0 ? '+' : ''}${d.toFixed(1)} MB`;
  };
  const heapGrowth = (atEnd.heapUsed - afterFirst.heapUsed) / 1024 / 1024;
  const meets = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  console.log(
    `\nbound: the app's ${(cpuPerBeacon * 1e6).toFixed(0)} µs of CPU a beacon lets one core ` +
      `ingest ${bound.toFixed(0)} beacons/s (the load generator and the app share the cores); ` +
      `sustained ${sustained.rate.toFixed(0)}/s is ${(sustained.rate / bound).toFixed(2)}× that bound`,
  );
  console.log(
    `goals: ${sustained.rate.toFixed(0)} beacons/s ≥ ${GOALS.rate} ${meets(sustained.rate >= GOALS.rate)}; ` +
      `p99 ${sustained.p99} ms < ${GOALS.p99} ${meets(sustained.p99 < GOALS.p99)}; ` +
      `paced p99 ${paced.p99} ms < ${GOALS.pacedP99} ${meets(paced.p99 < GOALS.pacedP99)}; ` +
      `heap after GC ${mbFrom(afterFirst.heapUsed, atEnd.heapUsed)} from ${FIRST} beacons to the end ` +
      `${meets(heapGrowth < FLAT_MB)} flat (< ${FLAT_MB} MB; RSS ${mbFrom(afterFirst.rss, atEnd.rss)}, ` +
      `SQLite's page caches and WAL index included)`,
  );
  // The warm-up's values are in the table too.
  const sent = warmUp.values + paced.values + first.values + (rest?.values ?? 0);
  console.log(
    `\nrum_counts: ${counted.rows} rows holding ${counted.n} values; beacons answered 204 carried ${sent} ` +
      `(a timed phase's last beacons in flight are stored, but their answers come after it ended)`,
  );
} finally {
  await app.stop();
  fs.rmSync(MEMORY_FILE, { force: true });
}
