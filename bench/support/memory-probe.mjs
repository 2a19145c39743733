// Preloaded into an API process by `rum-ingest-bench.ts` (with --expose-gc): on SIGUSR2 it
// collects garbage, then writes the process's memory and CPU time to BENCH_MEMORY_FILE, so
// the bench reads what the process holds rather than garbage not yet collected; and, since
// the last probe, how long the event loop was held up and by which garbage collections,
// which is where a request's latency goes when the CPU is not the limit.
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_FILE;
if (file && typeof globalThis.gc === 'function') {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  /** GC pauses since the last probe, by kind: count, total and longest (ms). */
  let pauses = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind =
        { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak', 16: 'minor' }[entry.detail?.kind] ??
        'other';
      const seen = (pauses[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      seen.count++;
      seen.totalMs += entry.duration;
      seen.maxMs = Math.max(seen.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    const loop = {
      p50Ms: delay.percentile(50) / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
    };
    const gcPauses = pauses;
    delay.reset();
    pauses = {};
    globalThis.gc();
    const { rss, heapUsed } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    const figures = {
      rss,
      heapUsed,
      cpuSeconds: (user + system) / 1e6,
      at: new Date().toISOString(),
      loop,
      gcPauses,
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  });
}
