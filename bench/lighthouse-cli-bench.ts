/**
 * The app's local Lighthouse against the Lighthouse CLI of the same version, on three
 * sandbox pages (light, render-blocking, long tasks), mobile, interleaved (app, CLI, app,
 * CLI …) so that the machine's noise falls on both alike, on the same Node. Prints per page
 * the median wall time of each and their ratio against the goal (the app ≥ 2.5× faster than
 * the CLI as people run it), and the mean score and LCP of each with their difference
 * against the goals (score ± 2, LCP ± 10 %), and whether the second run of
 * a page in the app's reused browser was faster than its first (it must not be: Lighthouse
 * clears the cache and storage before each run). The CLI runs as people run it (every
 * category, its own Chromium per run) and, for a like-for-like figure, with the performance
 * category alone.
 *   npx tsx bench/lighthouse-cli-bench.ts [--rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connectDb } from '../server/src/db/connect';
import { migrateToLatest } from '../server/src/db/migrate';
import { LocalLighthouseProvider } from '../server/src/providers/lab-speed/local-lighthouse';
import { buildManifest, type SandboxPage } from '@sandbox';
import { freePort } from '../server/test/free-port';
import { chromePath, cliRun, type Measured } from '../server/test/lighthouse-cli';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-bench-'));
const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = connectDb({ sqlitePath: config.sqlitePath });
await migrateToLatest(db);
const app = await buildApp({ config, db });
await app.listen({ port, host: '127.0.0.1' });
const manifest = buildManifest({ port });
const pick = (profile: SandboxPage['speedProfile']) =>
  manifest.pages.find(
    (p) => p.speedProfile === profile && p.status === 200 && p.redirects.length === 0,
  )!;
const pages = {
  light: pick('light'),
  'render-blocking': pick('render-blocking'),
  'long-tasks': pick('long-tasks'),
};

// One slot, warm: the app keeps its browser and Lighthouse process between runs.
const lab = new LocalLighthouseProvider(chromePath, 1, 300_000, app.services.pageFetch);
async function appRun(url: string): Promise<Measured> {
  const start = performance.now();
  const result = await lab.run({
    url,
    strategy: 'mobile',
    signal: new AbortController().signal,
    onStage: () => undefined,
  });
  return {
    ms: performance.now() - start,
    score: result.lab.psi!.score,
    lcpMs: result.lab.lcp!.numericValue,
  };
}

console.log(
  `machine: ${os.cpus().length} cores, Node ${process.version}, ${chromePath}; ${rounds} rounds, mobile`,
);
// The first run of each starts its processes: not counted, but the app's is the light
// page's first run in its browser, for the second-run check.
const firstLight = await appRun(pages.light.url);
await cliRun(pages.light.url, true);

const figures = new Map<string, { app: Measured[]; cli: Measured[]; cliPerf: Measured[] }>();
for (let round = 0; round < rounds; round++) {
  for (const [name, page] of Object.entries(pages)) {
    const entry = figures.get(name) ?? { app: [], cli: [], cliPerf: [] };
    figures.set(name, entry);
    entry.app.push(await appRun(page.url));
    entry.cli.push(await cliRun(page.url, false));
    entry.cliPerf.push(await cliRun(page.url, true));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/**
 * Goals: the app runs 2.5× faster than the CLI and scores as it does, and a reused browser
 * serves nothing from before.
 */
const GOALS = { faster: 2.5, scorePoints: 2, lcpShare: 0.1 };
for (const [name, { app: a, cli: c, cliPerf: p }] of figures) {
  const [appMs, cliMs, perfMs] = [a, c, p].map((runs) => median(runs.map((r) => r.ms)));
  const [appScore, cliScore] = [a, [...c, ...p]].map((runs) => mean(runs.map((r) => r.score)));
  const [appLcp, cliLcp] = [a, [...c, ...p]].map((runs) => mean(runs.map((r) => r.lcpMs)));
  const scoreGap = appScore! - cliScore!;
  const lcpGap = (appLcp! - cliLcp!) / cliLcp!;
  // The page's first and second run in the app's one browser: the second must not be faster.
  const [first, second] = name === 'light' ? [firstLight, a[0]!] : [a[0]!, a[1]];
  const secondRun = second
    ? `2nd run LCP ${seconds(second.lcpMs)} vs 1st ${seconds(first.lcpMs)} ` +
      `(${second.lcpMs >= first.lcpMs * (1 - GOALS.lcpShare) ? 'not faster' : 'FASTER: cache kept'})`
    : '2nd run: needs --rounds 2';
  console.log(
    `${name.padEnd(16)} app ${seconds(appMs!)}; CLI ${seconds(cliMs!)} (${(cliMs! / appMs!).toFixed(2)}× ` +
      `${cliMs! / appMs! >= GOALS.faster ? 'meets' : 'misses'} ${GOALS.faster}×), ` +
      `CLI performance only ${seconds(perfMs!)} (${(perfMs! / appMs!).toFixed(1)}×); ` +
      `score app ${appScore!.toFixed(1)} CLI ${cliScore!.toFixed(1)} (${scoreGap.toFixed(1)}, ` +
      `${Math.abs(scoreGap) <= GOALS.scorePoints ? 'meets' : 'misses'} ±${GOALS.scorePoints}); ` +
      `LCP app ${seconds(appLcp!)} CLI ${seconds(cliLcp!)} (${(lcpGap * 100).toFixed(1)} %, ` +
      `${Math.abs(lcpGap) <= GOALS.lcpShare ? 'meets' : 'misses'} ±${GOALS.lcpShare * 100} %); ${secondRun}`,
  );
}

await lab.close();
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
