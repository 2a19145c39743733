/**
 * A child process that runs Lighthouse for the server, one job at a time. Lighthouse keeps
 * process-wide state (performance marks, its logger, trace engine caches), so concurrent
 * runs need separate processes; a crash here costs one sample, not the server.
 */
import type { LighthouseServerMessage } from './lighthouse-protocol';

// Lighthouse takes over a second to import: it loads behind the handlers below, so that a
// server killed meanwhile still takes its browser down.
const runner = import('./lighthouse-run');

/** The browser leads its own process group (launched detached): take its renderers too. */
function killGroup(pid: number) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Not a group leader, or already gone.
    }
  }
}

let browserPid: number | null = null;
process.on('message', (message: LighthouseServerMessage) => {
  if (message.type === 'guard') browserPid = message.browserPid;
  else void runner.then(({ runJob }) => runJob(message.job));
});
// A browser that dies mid-run also rejects promises Lighthouse never awaits; the run's own
// promise reports the failure, so these strays must not end the process.
process.on('unhandledRejection', () => undefined);
// The server went away (even killed outright, its IPC channel closes): nobody is left to
// answer, and the detached browser would run on without an owner.
process.on('disconnect', () => {
  if (browserPid !== null) killGroup(browserPid);
  process.exit(0);
});
