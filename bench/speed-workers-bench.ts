/**
 * Speed-run throughput in scale-out mode: runs per minute of real local
 * Lighthouse samples with one and with two `npm run worker` processes (SPEED_CONCURRENCY 1
 * each, so each worker has a core of its own on the 2-core machine), behind one API
 * instance on a throwaway PostgreSQL and Redis. The goal: two workers at least 1.6 times
 * one worker's rate. Prints figures; asserts nothing.
 *   npx tsx bench/speed-workers-bench.ts [--runs 12]
 */
import pg from 'pg';
import { startTestPostgres } from '../scripts/postgres.mjs';
import { startTestRedis } from '../scripts/redis.mjs';
import { buildManifest } from '@sandbox';
import { startAppProcess, startWorkerProcess } from '../server/test/app-process';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const runs = Number(arg('runs', '12'));
const API = '/backend-service/v1';
/** The agency plan: ten samples a test, so one test pays for a batch. */
const AGENCY_PLAN = 4;

const postgres = await startTestPostgres();
const redis = await startTestRedis();
if (!postgres || !redis) {
  console.log('Needs Debian’s postgresql and redis-server packages (npm test installs them).');
  process.exit(0);
}
const env = {
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
  JWT_SECRET: 'speed-workers-bench-secret-of-32-characters',
  SPEED_CACHE_TTL_MINUTES: '0',
  TRACKING_CONCURRENCY: '0',
  LOG_LEVEL: 'warn',
};
const api = await startAppProcess(env, { webBuild: false });
// The light sandbox page: its loads are the machine's, not the page's, work.
const page = buildManifest({ port: api.port }).pages.find(
  (p) => p.speedProfile === 'light' && p.status === 200 && p.redirects.length === 0,
)!;
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();

const call = async (route: string, body: unknown, token?: string) => {
  const res = await fetch(`${api.baseUrl}${API}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, string>>;
};

/** `count` samples of the page queued at once; resolves with the wall time until all ended. */
async function batch(count: number): Promise<{ ms: number; failed: number }> {
  const { token, userId } = await call('/auth/register', {
    email: `bench-${Date.now()}@example.com`,
    password: 'correct-horse1',
  });
  await db.query('update users set plan_id = $1 where id = $2', [AGENCY_PLAN, userId]);
  const started = Date.now();
  const ids: string[] = [];
  let testId: string | undefined;
  for (let i = 0; i < count; i++) {
    // Ten samples a test on each device: a test is opened again every ten.
    const sample = (i % 10) + 1;
    if (sample === 1) testId = undefined;
    const body = { url: page.url, strategy: 'desktop', sample, samples: 10, testId };
    const answer = await call('/pagespeed/runs', body, token);
    testId = answer.testId;
    ids.push(answer.runId!);
  }
  let failed = 0;
  for (const id of ids) {
    for (;;) {
      const status = (await (await fetch(`${api.baseUrl}${API}/pagespeed/runs/${id}`)).json()) as {
        status: string;
      };
      if (status.status === 'done') break;
      if (status.status === 'error' || status.status === 'cancelled') {
        failed++;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { ms: Date.now() - started, failed };
}

const rows: { workers: number; ms: number; perMinute: number; failed: number }[] = [];
const workers: Awaited<ReturnType<typeof startWorkerProcess>>[] = [];
try {
  for (const count of [1, 2]) {
    while (workers.length < count) {
      // The worker loads sandbox pages from the API's port, as its guard knows them.
      workers.push(
        await startWorkerProcess({ ...env, PORT: String(api.port), SPEED_CONCURRENCY: '1' }),
      );
    }
    // A warm-up sample per worker: each one's first Chromium start is not throughput.
    await batch(count);
    const { ms, failed } = await batch(runs);
    rows.push({ workers: count, ms, perMinute: (runs - failed) / (ms / 60_000), failed });
  }
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await db.end();
  await api.stop();
  redis.stop();
  postgres.stop();
}

console.log(`\n${runs} desktop samples of ${page.url}, queued at once`);
console.log('| workers | wall time s | runs per minute | failed |');
console.log('|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.workers} | ${(row.ms / 1000).toFixed(1)} | ${row.perMinute.toFixed(1)} | ${row.failed} |`,
  );
if (rows.length === 2)
  console.log(
    `\ntwo workers / one worker: ${(rows[1]!.perMinute / rows[0]!.perMinute).toFixed(2)}×`,
  );
