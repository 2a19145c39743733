/**
 * Page-facts throughput over the sandbox web (end to end through HTTP, and parsing
 * alone) and search latency of the sandbox index. Prints figures; asserts nothing.
 *   npx tsx bench/page-facts-bench.ts [--rounds 3]
 */
import os from 'node:os';
import { analyzeHtml } from '../server/src/page-facts/analyze-html';
import { safeFetch } from '../server/src/http/safe-fetch';
import { collectPageFacts } from '../server/src/page-facts/collect-page-facts';
import { SandboxIndexProvider } from '../server/src/providers/serp/sandbox-index';
import { buildManifest } from '@sandbox';
import { startBenchApp } from './support/bench-app';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const bench = await startBenchApp();
const { app, port } = bench;
const manifest = buildManifest({ port });
const urls = manifest.pages
  .filter((p) => p.status === 200 && p.redirects.length === 0)
  .map((p) => p.url);

console.log(
  `machine: ${os.cpus().length} cores, node ${process.version}; ${urls.length} sandbox pages`,
);

for (const concurrency of [1, 6, 16]) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    await collectPageFacts(urls, app.services.pageFetch, concurrency);
    times.push(performance.now() - start);
  }
  const best = Math.min(...times);
  console.log(
    `page facts end to end, concurrency ${concurrency}: ${(urls.length / (best / 1000)).toFixed(0)} pages/s (best of ${rounds}: ${best.toFixed(0)} ms)`,
  );
}

const htmls = await Promise.all(
  urls.map(async (url) => ({ url, html: (await safeFetch(url, app.services.pageFetch)).body })),
);
const parseStart = performance.now();
for (let r = 0; r < rounds; r++) for (const { url, html } of htmls) analyzeHtml(html, url);
const parseMs = (performance.now() - parseStart) / rounds;
const bytes = htmls.reduce((sum, h) => sum + h.html.length, 0);
console.log(
  `parse alone: ${(urls.length / (parseMs / 1000)).toFixed(0)} pages/s, ${(bytes / 1e6 / (parseMs / 1000)).toFixed(1)} MB/s`,
);

const index = new SandboxIndexProvider(() => manifest);
const buildStart = performance.now();
index.rank('warm up', 'en');
console.log(`sandbox index build: ${(performance.now() - buildStart).toFixed(0)} ms`);
const queries = [
  'ice cream flavors',
  'aftermarket truck parts',
  'cities in florida',
  'core web vitals',
  'dog food',
  'stock tickers',
  'best coffee grinder',
  'how to fix a leaky faucet',
  'helados',
  'stock market news',
];
const latencies: number[] = [];
for (let r = 0; r < 50; r++) {
  for (const q of queries) {
    const start = performance.now();
    await index.search({
      query: q,
      device: 'desktop',
      pageNum: 1 + (r % 10),
      googleDomain: 'google.com',
      gl: 'us',
      hl: 'en',
    });
    latencies.push(performance.now() - start);
  }
}
latencies.sort((a, b) => a - b);
console.log(
  `sandbox search latency over ${latencies.length} searches: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
);

await bench.close();
