/**
 * Lighthouse (mobile, default simulated throttling) on SpeedRank's own pages as served by
 * the built app: performance score, LCP, TBT and transferred bytes per route, median of 3
 * runs (Lighthouse's median run). Prints figures; asserts nothing (the gate is Lighthouse CI).
 *   npm run build && npx tsx bench/own-pages-bench.ts [--runs 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';
import { CHROMIUM_FLAGS } from '../server/src/providers/lab-speed/chromium-flags';
import { startBenchApp } from './support/bench-app';

const ROUTES = [
  '/',
  '/serp-analysis-tool',
  '/website-speed-test',
  '/keyword-suggestion-tool',
  '/pricing',
];
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

if (!fs.existsSync(path.resolve(import.meta.dirname, '../dist/web/index.html'))) {
  throw new Error('Build the web app first: npm run build');
}
const app = await startBenchApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_FLAGS,
});
try {
  console.log(`Lighthouse mobile, median of ${runs} runs, http://127.0.0.1:${app.port}`);
  console.log('route                      perf   LCP ms   TBT ms   transferred KB');
  for (const route of ROUTES) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await lighthouse(`http://127.0.0.1:${app.port}${route}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      if (run) results.push(run.lhr);
    }
    const median = computeMedianRun(results);
    const score = Math.round((median.categories.performance?.score ?? 0) * 100);
    const lcp = median.audits['largest-contentful-paint']?.numericValue ?? NaN;
    const tbt = median.audits['total-blocking-time']?.numericValue ?? NaN;
    const bytes = median.audits['total-byte-weight']?.numericValue ?? NaN;
    console.log(
      `${route.padEnd(26)} ${String(score).padStart(4)} ${lcp.toFixed(0).padStart(8)} ${tbt
        .toFixed(0)
        .padStart(8)} ${(bytes / 1024).toFixed(1).padStart(16)}`,
    );
  }
} finally {
  await chrome.kill();
  await app.close();
}
