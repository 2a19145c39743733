/**
 * Keyword tool on its offline default (ideas from the sandbox index's results and pages):
 * server time of a whole search (category, then variation and related together, as the
 * page asks, 30 ideas a list) for seeds of every sandbox topic and language, in three
 * states: fresh (neither the seed's results nor its ideas seen), its results cached (the
 * app restarted on the same database: stored searches stay, ideas are worked out again),
 * and repeated within the ideas' lifetime; then in Chromium, the time from Search to the
 * results on screen. Prints figures; asserts nothing.
 *   npx tsx bench/keyword-bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildManifest } from '@sandbox';
import { sessionFromAuth } from '@core/schemas/session';
import { authResponseSchema } from '@core/schemas/auth';
import { keywordResponseSchema } from '@core/schemas/keywords';
import { CHROMIUM_FLAGS } from '../server/src/providers/lab-speed/chromium-flags';
import { STORAGE_KEYS } from '../web/src/app/storage';
import { startBenchApp } from './support/bench-app';

/** Two searches of every topic the sandbox web has, each in its topic's language. */
const SEEDS = buildManifest({ port: 8080 }).topics.flatMap((topic) =>
  topic.phrases.slice(0, 2).map((term) => ({ term, language: topic.lang.slice(0, 2) })),
);
const SIZE = 30;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let bench = await startBenchApp();
console.log(
  `machine: ${os.cpus().length} cores, node ${process.version}; source: ${bench.app.services.keywords.source}; ${SEEDS.length} seeds`,
);

/** A paying user, so that no monthly limit stops the benchmark. */
async function signUp() {
  const res = await fetch(`http://127.0.0.1:${bench.port}/backend-service/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'password123' }),
  });
  const auth = authResponseSchema.parse(await res.json());
  await bench.db.kysely
    .updateTable('users')
    .set({ plan_id: 4 })
    .where('id', '=', auth.userId)
    .execute();
  return auth;
}
let auth = await signUp();

async function ask(term: string, language: string, algorithm: string, searchId?: string) {
  const res = await fetch(`http://127.0.0.1:${bench.port}/backend-service/v1/keyword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` },
    body: JSON.stringify({ term, temp: 0.7, size: SIZE, algorithm, language, searchId }),
  });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return keywordResponseSchema.parse(await res.json());
}

/** One search as the page runs it (the counters reset so no limit is reached): its time and ideas. */
async function search({ term, language }: (typeof SEEDS)[number]) {
  await bench.db.kysely.deleteFrom('usage_counters').execute();
  const start = performance.now();
  const category = await ask(term, language, 'category');
  const rest = await Promise.all([
    ask(term, language, 'variation', category[0]!.searchId),
    ask(term, language, 'related', category[0]!.searchId),
  ]);
  const ms = performance.now() - start;
  return { ms, ideas: [...category, ...rest.flat()].reduce((n, a) => n + a.keywords.length, 0) };
}

async function pass(name: string) {
  const times: number[] = [];
  let ideas = 0;
  for (const seed of SEEDS) {
    const done = await search(seed);
    times.push(done.ms);
    ideas += done.ideas;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${times.length} searches (${(ideas / times.length).toFixed(0)} ideas a search)`,
  );
}

await pass('fresh (results and pages read, ideas worked out)');
await pass("repeated within the ideas' lifetime");
const { dataDir } = bench;
await bench.close();
bench = await startBenchApp({}, { dataDir });
auth = await signUp();
await pass('results cached, ideas worked out again (after a restart)');
const { db, config, port } = bench;
if (fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
  const browser = await chromium.launch({
    executablePath: config.CHROME_PATH,
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.session, JSON.stringify(sessionFromAuth({ ...auth, planId: 4 }))],
  );
  await page.goto('/keyword-suggestion-tool');
  // Signed in shows once the page has hydrated: a Search before would submit the bare form.
  await page.getByTestId('keywords-left').waitFor();
  const arrived: number[] = [];
  const shown: number[] = [];
  // English seeds, in the settings' language, whose results all hold ideas.
  for (const { term } of SEEDS.filter((seed) => seed.language === 'en').slice(0, 10)) {
    await db.kysely.deleteFrom('usage_counters').execute();
    await page.getByTestId('keyword-input').fill(term);
    const start = performance.now();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('progressbar').and(page.locator('[aria-valuenow="99"]')).waitFor();
    arrived.push(performance.now() - start);
    await page.getByTestId('keyword-results').waitFor();
    shown.push(performance.now() - start);
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  console.log(
    `browser, size 30, results cached: answers and volumes in ${median(arrived).toFixed(0)} ms (median of 10), results on screen in ${median(shown).toFixed(0)} ms (the progress bar holds 99 % for 1 s first)`,
  );
  await browser.close();
} else {
  console.log('browser figures skipped: build the web app first (npm run build)');
}

await bench.close();
fs.rmSync(dataDir, { recursive: true, force: true });
