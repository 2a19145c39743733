import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_KEPT_MS, benchmarkAfterRun, benchmarkBeforeRun } from './lighthouse-benchmark';

const measure = pageFunctions.computeBenchmarkIndex;
/** What the page would answer: the function Lighthouse sends it, run here. */
const answered = () => pageFunctions.computeBenchmarkIndex();

describe("Lighthouse's benchmark index in one process", () => {
  it('is measured on the first run, known for BENCHMARK_KEPT_MS, then measured again', () => {
    benchmarkBeforeRun(0);
    expect(pageFunctions.computeBenchmarkIndex).toBe(measure);
    // A run that failed before measuring leaves nothing known: the next one measures.
    benchmarkAfterRun(undefined, 10);
    benchmarkBeforeRun(20);
    expect(pageFunctions.computeBenchmarkIndex).toBe(measure);
    benchmarkAfterRun(1234.5, 1_000);
    benchmarkBeforeRun(1_000 + BENCHMARK_KEPT_MS - 1);
    expect(answered()).toBe(1234.5);
    // A run that reported the known index does not make it newer.
    benchmarkAfterRun(1234.5, 1_000 + BENCHMARK_KEPT_MS - 1);
    benchmarkBeforeRun(1_000 + BENCHMARK_KEPT_MS);
    expect(pageFunctions.computeBenchmarkIndex).toBe(measure);
    benchmarkAfterRun(987, 1_000 + BENCHMARK_KEPT_MS);
    benchmarkBeforeRun(1_000 + BENCHMARK_KEPT_MS + 1);
    expect(answered()).toBe(987);
  });
});
