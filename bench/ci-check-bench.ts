/**
 * A CI check on the sandbox, as a pipeline runs it: 3 URLs (a light, a render-blocking and
 * a long-tasks page) × 3 mobile samples through POST /checks with an API token, read every
 * 200 ms until judged. Prints the wall time against this machine's bound: each page's warm
 * run × 3 samples, summed, ÷ the lab's slots (SPEED_CONCURRENCY), and the ratio. Asserts nothing.
 *   npx tsx bench/ci-check-bench.ts
 */
import os from 'node:os';
import { buildManifest, type SandboxPage } from '@sandbox';
import type { Check } from '@core/schemas/checks';
import { startBenchApp } from './support/bench-app';

const SAMPLES = 3;
const bench = await startBenchApp();
const { app, port, config } = bench;
const api = `http://127.0.0.1:${port}/backend-service/v1`;
const manifest = buildManifest({ port });
const pick = (profile: SandboxPage['speedProfile']) =>
  manifest.pages.find(
    (p) => p.speedProfile === profile && p.status === 200 && !p.redirects.length && !p.schedule,
  )!.url;
const urls = [pick('light'), pick('render-blocking'), pick('long-tasks')];

const post = async (path: string, body: object, token?: string) =>
  fetch(`${api}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, string>>);

const session = await post('/auth/register', {
  email: 'bench@example.com',
  password: 'password123',
});
// The Guru plan: five samples a test and the month's speed tests to spare.
await bench.db.kysely
  .updateTable('users')
  .set({ plan_id: 3 })
  .where('id', '=', session.userId!)
  .execute();
const { token } = await post(
  '/tokens',
  { name: 'bench', workspaceId: session.userId, scopes: ['read', 'run'] },
  session.token,
);

// One warm run of each page through the same engine (after one to start the browsers): the
// units the bound is counted in.
const oneRun = (url: string) =>
  app.services.speed.fresh(url, 'mobile', {
    priority: 'interactive',
    signal: new AbortController().signal,
    withField: false,
  });
await oneRun(urls[0]!);
const warmMs: number[] = [];
for (const url of urls) {
  const start = performance.now();
  await oneRun(url);
  warmMs.push(performance.now() - start);
}

const started = performance.now();
const { id } = await post('/checks', { urls, samples: SAMPLES, compareWith: 'none' }, token);
let check: Check;
for (;;) {
  check = (await fetch(`${api}/checks/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as Check;
  if (check.status === 'done') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const wallMs = performance.now() - started;
const runs = urls.length * SAMPLES;
const boundMs = (warmMs.reduce((a, b) => a + b, 0) * SAMPLES) / config.SPEED_CONCURRENCY;

console.log(
  `machine: ${os.availableParallelism()} cores, lab slots (SPEED_CONCURRENCY) ${config.SPEED_CONCURRENCY}`,
);
console.log(
  `one warm run of each page (mobile): ${warmMs.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')}`,
);
console.log(
  `check of ${urls.length} URLs × ${SAMPLES} samples: ${(wallMs / 1000).toFixed(1)} s wall, verdict ${check.verdict}`,
);
console.log(
  `bound (${SAMPLES} × the warm runs' sum ÷ ${config.SPEED_CONCURRENCY} slots, ${runs} runs): ${(boundMs / 1000).toFixed(1)} s; wall ÷ bound = ${(wallMs / boundMs).toFixed(2)}`,
);
for (const page of check.pages) {
  const m = page.median;
  console.log(
    `  ${new URL(page.url).pathname.padEnd(40)} score ${m?.psi ?? '-'}, LCP ${m?.lcp ? Math.round(m.lcp) : '-'} ms, TBT ${m?.tbt ? Math.round(m.tbt) : '-'} ms, ${page.samples.done}/${page.samples.requested} samples`,
  );
}
await bench.close();
