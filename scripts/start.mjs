// `npm start`: set up what is missing, then serve the app on the embedded defaults.
import { ensureChromium, ensureNodeModules, ensureWebBuild, log, runAsync } from './lib.mjs';

ensureNodeModules();
ensureWebBuild();
if (!ensureChromium()) {
  log('Chromium is missing: the speed tools will say so until it is installed.');
}
// Ctrl-C or a supervisor's SIGTERM reaches the server once, and it stops gracefully
// (SHUTDOWN_DRAIN_MS); this script waits for it.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop.abort());
// Migrations run inside the server before it listens. Node itself, not the tsx command:
// that one would pass the signal on a second time.
await runAsync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  signal: stop.signal,
});
