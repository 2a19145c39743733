/**
 * What the categories beside performance cost a run of the app's own lab: on three
 * sandbox pages (light, render-blocking, and the Lighthouse lab's page with accessibility
 * and SEO faults), mobile, one slot, runs with performance alone and runs with every
 * category interleaved, so that the machine's noise falls on both alike. Prints per page the
 * median wall time of each, their ratio, and the performance score and LCP of each (the
 * goal: the other categories leave performance's score within ±2 and its LCP within 10 %).
 *   npx tsx bench/lighthouse-categories-bench.ts [--rounds 3]
 */
import os from 'node:os';
import { OPTIONAL_CATEGORIES, type OptionalCategory } from '@core/lighthouse-categories';
import { buildManifest, type SandboxPage } from '@sandbox';
import { LocalLighthouseProvider } from '../server/src/providers/lab-speed/local-lighthouse';
import { chromePath } from '../server/test/lighthouse-cli';
import { startBenchApp } from './support/bench-app';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const bench = await startBenchApp();
const { app, port } = bench;
const manifest = buildManifest({ port });
const pick = (profile: SandboxPage['speedProfile']) =>
  manifest.pages.find(
    (p) => p.speedProfile === profile && p.status === 200 && p.redirects.length === 0,
  )!.url;
const pages = {
  light: pick('light'),
  'render-blocking': pick('render-blocking'),
  'planted faults': manifest.lighthouseLab.faultyUrls.find((u) => u.includes('describing'))!,
};

const lab = new LocalLighthouseProvider(chromePath, 1, 300_000, app.services.pageFetch);
await lab.warm();

interface Run {
  ms: number;
  score: number;
  lcpMs: number;
}
async function run(url: string, categories: readonly OptionalCategory[]): Promise<Run> {
  const start = performance.now();
  const result = await lab.run({
    url,
    strategy: 'mobile',
    signal: new AbortController().signal,
    onStage: () => undefined,
    categories,
  });
  return {
    ms: performance.now() - start,
    score: result.lab.psi!.score,
    lcpMs: result.lab.lcp!.numericValue,
  };
}

console.log(
  `machine: ${os.cpus().length} cores, Node ${process.version}, ${chromePath}; ${rounds} rounds, mobile, one slot (warm)`,
);
// The slot's first runs of each kind load what they read: not counted.
await run(pages.light, []);
await run(pages.light, OPTIONAL_CATEGORIES);

const figures = new Map<string, { alone: Run[]; all: Run[] }>();
for (let round = 0; round < rounds; round++) {
  for (const [name, url] of Object.entries(pages)) {
    const entry = figures.get(name) ?? { alone: [], all: [] };
    figures.set(name, entry);
    entry.alone.push(await run(url, []));
    entry.all.push(await run(url, OPTIONAL_CATEGORIES));
  }
}

for (const [name, { alone, all }] of figures) {
  const aloneMs = median(alone.map((r) => r.ms));
  const allMs = median(all.map((r) => r.ms));
  const scoreDiff = mean(all.map((r) => r.score)) - mean(alone.map((r) => r.score));
  const lcpDiff = mean(all.map((r) => r.lcpMs)) / mean(alone.map((r) => r.lcpMs)) - 1;
  console.log(
    `${name.padEnd(16)} performance alone ${(aloneMs / 1000).toFixed(2)} s, every category ${(allMs / 1000).toFixed(2)} s ` +
      `(${(allMs / aloneMs).toFixed(2)}×, +${((allMs - aloneMs) / 1000).toFixed(2)} s); ` +
      `score ${mean(alone.map((r) => r.score)).toFixed(1)} vs ${mean(all.map((r) => r.score)).toFixed(1)} ` +
      `(${scoreDiff >= 0 ? '+' : ''}${scoreDiff.toFixed(1)}, ${Math.abs(scoreDiff) <= 2 ? 'meets' : 'MISSES'} ±2); ` +
      `LCP ${lcpDiff >= 0 ? '+' : ''}${(lcpDiff * 100).toFixed(1)} % (${Math.abs(lcpDiff) <= 0.1 ? 'meets' : 'MISSES'} ±10 %)`,
  );
}
await lab.close();
await bench.close();
