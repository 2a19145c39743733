/**
 * Load on the API over loopback with autocannon: requests per second and p50/p99
 * latency for health, usage, rate-limit and sign-in, on the default setup (SQLite, one
 * process) and on PostgreSQL with two API instances sharing JWT_SECRET and DATABASE_URL
 * (each instance gets half the connections; the table adds their rates and keeps the
 * worse percentile). Goals on the 2-core machine: no error at 100 connections for 60 s,
 * p99 under 50 ms for usage and rate-limit. Prints figures; asserts nothing.
 *   npx tsx bench/load-bench.ts [--seconds 60] [--connections 100] [--only sqlite|postgres]
 *     [--scenarios usage,rate-limit] [--cpu-prof /tmp/prof]
 * --cpu-prof writes each API process's CPU profile to <dir>/<pid>.cpuprofile when it exits
 * (bench/support/cpu-profile.mjs). BENCH_APP_NODE_OPTIONS, when set, is passed to the API
 * processes as NODE_OPTIONS.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { startTestPostgres } from '../scripts/postgres.mjs';
import { startAppProcess } from '../server/test/app-process';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const seconds = Number(arg('seconds', '60'));
const connections = Number(arg('connections', '100'));
const only = arg('only', '');
const picked = arg('scenarios', '').split(',').filter(Boolean);
const cpuProfDir = arg('cpu-prof', '');
const appNodeOptions = [
  process.env.BENCH_APP_NODE_OPTIONS ?? '',
  cpuProfDir ? `--import ${path.resolve(import.meta.dirname, 'support/cpu-profile.mjs')}` : '',
]
  .filter(Boolean)
  .join(' ');

const API = '/backend-service/v1';
const PASSWORD = 'correct-horse1';
/** Throttles that would otherwise answer 429 to one loopback address. */
const UNTHROTTLED = {
  REGISTRATIONS_PER_IP: '1000000',
  LOGIN_ATTEMPTS_PER_IP: '1000000',
  EMAILS_PER_IP: '1000000',
  PAGE_FACTS_PER_IP: '1000000',
  TRACKING_CONCURRENCY: '0',
  LOG_LEVEL: 'error',
  ...(appNodeOptions ? { NODE_OPTIONS: appNodeOptions } : {}),
  ...(cpuProfDir ? { BENCH_CPU_PROF_DIR: path.resolve(cpuProfDir) } : {}),
};

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  auth: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'health', method: 'GET', path: '/health', auth: false },
  { name: 'usage', method: 'GET', path: '/usage/serp-analysis-tool', auth: true },
  {
    name: 'rate-limit',
    method: 'POST',
    path: '/rate-limit',
    body: { limitType: 'serpSearch', searchString: 'ice cream churn' },
    auth: true,
  },
  { name: 'sign-in', method: 'POST', path: '/auth/login', auth: false },
];

interface Row {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function load(baseUrl: string, scenario: Scenario, token: string, email: string, conns: number) {
  const body =
    scenario.name === 'sign-in' ? { email, password: PASSWORD } : (scenario.body ?? undefined);
  return autocannon({
    url: `${baseUrl}${API}${scenario.path}`,
    method: scenario.method,
    connections: conns,
    duration: seconds,
    headers: {
      ...(scenario.auth ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function measure(baseUrls: string[], scenario: Scenario, token: string, email: string) {
  const share = Math.max(1, Math.floor(connections / baseUrls.length));
  const results = await Promise.all(
    baseUrls.map((url) => load(url, scenario, token, email, share)),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  } satisfies Row;
}

async function signUp(baseUrl: string) {
  const email = `load-${crypto.randomUUID()}@example.com`;
  const res = await fetch(`${baseUrl}${API}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Load', email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`register answered ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  return { email, token };
}

async function run(setup: string, baseUrls: string[]) {
  const { email, token } = await signUp(baseUrls[0]!);
  const rows: [string, Row][] = [];
  for (const scenario of SCENARIOS) {
    if (picked.length > 0 && !picked.includes(scenario.name)) continue;
    rows.push([scenario.name, await measure(baseUrls, scenario, token, email)]);
  }
  console.log(`\n${setup}: ${connections} connections, ${seconds} s per endpoint`);
  console.log('endpoint      req/s    p50 ms   p99 ms   errors   non-2xx');
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(12)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(9)} ${String(
        r.p99,
      ).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(9)}`,
    );
  }
}

if (only !== 'postgres') {
  const app = await startAppProcess(UNTHROTTLED, { webBuild: false });
  try {
    await run('SQLite, one API process', [app.baseUrl]);
  } finally {
    await app.stop();
  }
}

if (only !== 'sqlite') {
  const postgres = await startTestPostgres();
  if (!postgres) {
    console.log('\nPostgreSQL is not available here: its setup is skipped.');
  } else {
    const shared = {
      ...UNTHROTTLED,
      DATABASE_URL: postgres.url,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    };
    const first = await startAppProcess(shared, { webBuild: false });
    const second = await startAppProcess(shared, { webBuild: false });
    try {
      await run('PostgreSQL, two API processes', [first.baseUrl, second.baseUrl]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      postgres.stop();
    }
  }
}
