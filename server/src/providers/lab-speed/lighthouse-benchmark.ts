import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { LAB_BENCHMARK_KEPT_MINUTES } from '@core/speed';

/**
 * How long a benchmark index measured by a Lighthouse process stands for the machine.
 * Lighthouse measures the machine before every run, a second of busy JavaScript in the page
 * that no metric or score uses: the index tells machines apart in a run's fingerprint, and
 * a machine does not change class from one run to the next. So a process measures it on
 * its first run and again once the measure is this old, and the runs between report the
 * measure: each a second shorter, and without a second of CPU taken from the runs beside it.
 * A warm slot measures it before its first run (`measureMachine`), as Lighthouse would: in
 * a blank page of the slot's browser.
 */
export const BENCHMARK_KEPT_MS = LAB_BENCHMARK_KEPT_MINUTES * 60_000;

const measure = pageFunctions.computeBenchmarkIndex;
let known: { index: number; at: number } | null = null;
let measuring = false;

/** Before a run: Lighthouse measures the machine only when no fresh measure is known. */
export function benchmarkBeforeRun(now: number): void {
  measuring = known === null || now - known.at >= BENCHMARK_KEPT_MS;
  // Lighthouse sends the function's source to the page: this one answers the known index.
  pageFunctions.computeBenchmarkIndex = measuring
    ? measure
    : (new Function(`return ${known!.index};`) as typeof measure);
}

/** A measured index, when it is one, is the one known from `at`. */
function remember(index: unknown, at: number): void {
  if (typeof index === 'number' && Number.isFinite(index)) known = { index, at };
}

/** After a run: the index it measured, when it measured one, is the one known from `now`. */
export function benchmarkAfterRun(index: number | undefined, now: number): void {
  if (measuring) remember(index, now);
  measuring = false;
}

/**
 * Measures the machine in a blank page of the browser on `port`, as Lighthouse does before
 * a run, and keeps the measure for the runs to come. A failure leaves it to the first run.
 */
export async function measureMachine(port: number, now: () => number = Date.now): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    try {
      remember(await page.evaluate(`(${measure.toString()})()`), now());
    } finally {
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}
