import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** Where a process's samples are measured: Lighthouse in Chromium, or the sandbox's stand-in. */
const ENTRIES = {
  lighthouse: 'server/src/main.ts',
  'stand-in': 'server/test/sandbox-lab-main.ts',
} as const;

/**
 * The real app as its own process (`server/src/main.ts`, fresh SQLite in a temp folder) on
 * a free loopback port, configured by `env`; resolves once /health answers. The browser
 * tests need the built web app; tests of the process itself (signals) do not. `lab:
 * 'stand-in'` runs the same app with the sandbox's stand-in lab (server/test/sandbox-lab.ts).
 */
export async function startAppProcess(
  env: Record<string, string> = {},
  {
    webBuild = true,
    captureOutput = false,
    lab = 'lighthouse',
  }: { webBuild?: boolean; captureOutput?: boolean; lab?: keyof typeof ENTRIES } = {},
) {
  const root = path.resolve(import.meta.dirname, '../..');
  if (webBuild && !fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('Build the web app first: npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-app-'));
  // A PORT given is the one to listen on (an origin the test shares), otherwise a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[lab]], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', captureOutput ? 'pipe' : 'inherit', captureOutput ? 'pipe' : 'inherit'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A minute: on a busy machine (the unit tests run two files at once) a start can be slow.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const up = await fetch(`${baseUrl}/backend-service/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the app did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    dataDir,
    child,
    /** Resolves when the process has ended, however it ended. */
    exited,
    /** What it wrote to stdout and stderr, with `captureOutput`. */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A speed worker as its own process (`npm run worker`: server/src/worker.ts), configured by
 * `env` (REDIS_URL and DATABASE_URL at least); resolves once it serves the queue.
 */
export async function startWorkerProcess(env: Record<string, string>) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the worker did not start: ${output}`)),
      30_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('SpeedRank speed worker:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code}: ${output}`));
    });
  });
  return {
    child,
    exited,
    /** What it logged so far (pino JSON lines). */
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
