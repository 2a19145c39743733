/**
 * Local Lighthouse on sandbox pages: wall time per run (cold and warm Chromium), score and
 * LCP mean and standard deviation per page and device, and the wall time of 10 runs at
 * concurrency 1, 2 and the default. Prints figures; asserts nothing.
 *   npx tsx bench/speed-bench.ts [--samples 5] [--concurrency-only]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connectDb } from '../server/src/db/connect';
import { migrateToLatest } from '../server/src/db/migrate';
import { LocalLighthouseProvider } from '../server/src/providers/lab-speed/local-lighthouse';
import type { Strategy } from '../server/src/providers/lab-speed/port';
import { buildManifest, type SandboxPage } from '@sandbox';
import { freePort } from '../server/test/free-port';

const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : NaN;
};
const samples = argValue('--samples') || 5;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const stats = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  const sorted = [...values].sort((a, b) => a - b);
  return { mean, sd, median: sorted[Math.floor(sorted.length / 2)]! };
};

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-bench-'));
const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const defaultConcurrency = config.SPEED_CONCURRENCY;
const db = connectDb({ sqlitePath: config.sqlitePath });
await migrateToLatest(db);
const app = await buildApp({ config, db });
await app.listen({ port, host: '127.0.0.1' });
const manifest = buildManifest({ port });
const pick = (profile: SandboxPage['speedProfile']) =>
  manifest.pages.find(
    (p) =>
      p.speedProfile === profile &&
      p.status === 200 &&
      p.redirects.length === 0 &&
      p.wordCount < 800,
  )!;
const pages = { light: pick('light'), medium: pick('render-blocking'), heavy: pick('long-tasks') };

console.log(
  `machine: ${os.cpus().length} cores, ${chromePath}; ${samples} samples per page and device`,
);

/**
 * Proportional set size (shared pages split between their users, so Chromium's processes
 * are not counted many times over) of this process and every process below it, in MB.
 */
function treeMemoryMb(): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const inTree = new Set([process.pid]);
  // Walk down until no new child turns up.
  for (let size = 0; size !== inTree.size;) {
    size = inTree.size;
    for (const [pid, ppid] of rows) if (inTree.has(ppid)) inTree.add(pid);
  }
  let kb = 0;
  for (const pid of inTree) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended between ps and the read.
    }
  }
  return kb / 1024;
}

/** Samples treeMemoryMb every half second until stopped; answers the peak. */
function watchPeakMemory(): () => number {
  let peak = treeMemoryMb();
  const timer = setInterval(() => (peak = Math.max(peak, treeMemoryMb())), 500);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const runOnce = (lh: LocalLighthouseProvider, url: string, strategy: Strategy) =>
  lh.run({ url, strategy, signal: new AbortController().signal, onStage: () => undefined });

// --concurrency-only skips the per-page figures.
for (const [name, page] of process.argv.includes('--concurrency-only')
  ? []
  : Object.entries(pages)) {
  for (const strategy of ['mobile', 'desktop'] as const) {
    const cold = new LocalLighthouseProvider(chromePath, 1, 300_000, app.services.pageFetch);
    const coldStart = performance.now();
    await runOnce(cold, page.url, strategy);
    const coldMs = performance.now() - coldStart;
    const warmTimes: number[] = [];
    const scores: number[] = [];
    const lcps: number[] = [];
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      const result = await runOnce(cold, page.url, strategy);
      warmTimes.push(performance.now() - start);
      scores.push(result.lab.psi!.score);
      lcps.push(result.lab.lcp!.numericValue);
    }
    await cold.close();
    const s = stats(scores);
    const l = stats(lcps);
    console.log(
      `${name.padEnd(6)} ${strategy.padEnd(7)} cold ${(coldMs / 1000).toFixed(1)} s, warm median ${(stats(warmTimes).median / 1000).toFixed(1)} s; ` +
        `score mean ${s.mean.toFixed(1)} sd ${s.sd.toFixed(1)}; LCP mean ${(l.mean / 1000).toFixed(2)} s sd ${(l.sd / 1000).toFixed(2)} s`,
    );
  }
}

// --concurrency N measures only that concurrency. The heavy page shows whether runs that
// share the cores still measure the page: its score should not move with concurrency.
const onlyConcurrency = argValue('--concurrency');
for (const concurrency of Number.isNaN(onlyConcurrency)
  ? [...new Set([1, 2, defaultConcurrency])]
  : [onlyConcurrency]) {
  for (const [name, page] of [
    ['light', pages.light],
    ['heavy', pages.heavy],
  ] as const) {
    const pool = new LocalLighthouseProvider(
      chromePath,
      concurrency,
      300_000,
      app.services.pageFetch,
    );
    const stopWatching = watchPeakMemory();
    const start = performance.now();
    // A failed run is a sample error in the product; here it is counted, not fatal.
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, () => runOnce(pool, page.url, 'mobile')),
    );
    const ms = performance.now() - start;
    const peakMb = stopWatching();
    const ok = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const reasons = settled.flatMap((r) =>
      r.status === 'rejected' ? [String((r.reason as Error).message)] : [],
    );
    const s = stats(ok.map((r) => r.lab.psi!.score));
    console.log(
      `10 runs of the ${name} page at concurrency ${concurrency}${concurrency === defaultConcurrency ? ' (default)' : ''}: ` +
        `${(ms / 1000).toFixed(1)} s; ${10 - ok.length} failed; score mean ${s.mean.toFixed(1)} sd ${s.sd.toFixed(1)}; ` +
        `peak memory ${Math.round(peakMb)} MB (server, Chromium and Lighthouse processes)`,
    );
    for (const reason of new Set(reasons)) console.log(`  failure: ${reason}`);
    await pool.close();
  }
}

await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
