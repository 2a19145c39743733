// Preloaded into an API process by `rum-ingest-bench.ts` (with --expose-gc): on SIGUSR2 it
// collects garbage, then writes the process's memory and CPU time to BENCH_MEMORY_FILE, so
// the bench reads what the process holds rather than garbage not yet collected.
import fs from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    const { rss, heapUsed } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    const figures = {
      rss,
      heapUsed,
      cpuSeconds: (user + system) / 1e6,
      at: new Date().toISOString(),
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  });
}
