// Preloaded into an API process by `load-bench.ts --cpu-prof <dir>` (Node refuses --cpu-prof
// in NODE_OPTIONS): samples the main thread from start to exit and writes
// <dir>/<pid>.cpuprofile, which Chrome DevTools or a script can read.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  // A session on the same thread answers synchronously, so this completes within 'exit'.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
