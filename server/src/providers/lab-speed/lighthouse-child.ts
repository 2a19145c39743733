/**
 * A child process that runs Lighthouse for the server, one job at a time. Lighthouse keeps
 * process-wide state (performance marks, its logger, trace engine caches), so concurrent
 * runs need separate processes; a crash here costs one sample, not the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '@core/flows/redact';
import type { FlowJob } from './lighthouse-flow';
import { sendToServer, type LighthouseServerMessage } from './lighthouse-protocol';

// Lighthouse takes over a second to import, and its audits as long again: they load behind
// the handlers below, so that a server killed meanwhile still takes its browser down. A
// failed preparation costs only time: the run loads what it needs itself.
const runner = import('./lighthouse-run').then(async (module) => {
  await module.prepare().catch(() => undefined);
  sendToServer({ type: 'ready' });
  return module;
});

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

/** The browser's pid, which chrome-launcher writes into the profile as it spawns it. */
function browserPid(profileDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(profileDir, 'chrome.pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A flow, run after Lighthouse's modules loaded; a crash in it fails the flow, not the process. */
async function runFlowJob(job: FlowJob): Promise<void> {
  try {
    const { runFlow } = await import('./lighthouse-flow');
    sendToServer({ type: 'flowDone', result: await runFlow(job) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    sendToServer({
      type: 'failed',
      message: `The browser failed during the flow (${redactSecrets(message, Object.values(job.secrets))}).`,
    });
  }
}

/** Measures the machine once Lighthouse is loaded; a failure leaves it to the first run. */
async function measureMachineJob(port: number): Promise<void> {
  await runner;
  const { measureMachine } = await import('./lighthouse-benchmark');
  await measureMachine(port).catch(() => undefined);
  sendToServer({ type: 'machineMeasured' });
}

let profileDir: string | null = null;
/** The machine's measure under way: a run waits for it, so the two do not share the CPU. */
let measuring: Promise<void> = Promise.resolve();
process.on('message', (message: LighthouseServerMessage) => {
  if (message.type === 'guard') profileDir = message.profileDir;
  else if (message.type === 'measureMachine') measuring = measureMachineJob(message.port);
  else if (message.type === 'run')
    void measuring.then(() => runner).then(({ runJob }) => runJob(message.job));
  else void measuring.then(() => runner).then(() => runFlowJob(message.job));
});
// A browser that dies mid-run also rejects promises Lighthouse never awaits; the run's own
// promise reports the failure, so these strays must not end the process.
process.on('unhandledRejection', () => undefined);
// The server alone ends this process (SIGKILL, or its own end below): a terminal's Ctrl-C
// reaches the whole process group, and a draining server still needs its running job.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
// The server went away (even killed outright, its IPC channel closes): nobody is left to
// answer, and the detached browser and its profile would stay behind without an owner.
process.on('disconnect', () => {
  if (profileDir !== null) {
    const pid = browserPid(profileDir);
    if (pid !== null) killGroup(pid);
    fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 10 });
  }
  process.exit(0);
});
