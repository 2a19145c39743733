import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { childrenOf, isAlive } from '../test/processes';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The environment a shell gives npm start: what Vitest sets for the code under test
 * (NODE_ENV=test, Vite's MODE, DEV, SSR…) would make its web build a test build.
 */
const RUNNER_VARS = ['NODE_ENV', 'TEST', 'MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'FORCE_TTY'];
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !RUNNER_VARS.includes(name) && !name.startsWith('VITEST'),
  ),
);

/** `pid` and every process under it, as they are now. */
const tree = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(tree)];

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A real `npm start` (it builds the web app first when dist/ is missing or stale), stopped
 * as `docker stop` or `kill` stops it: one signal to one process, never to its group.
 */
describe('npm start', () => {
  let dataDir: string | undefined;
  let started: number[] = [];
  afterEach(() => {
    // Whatever is left (a server that outlived npm, a start that never served) goes.
    for (const pid of new Set(started.flatMap(tree).filter(isAlive))) process.kill(pid, 'SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
    started = [];
  });

  /** npm start on a free port, once its server answers; its processes then, npm's first. */
  async function npmStart() {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-npm-start-'));
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...shellEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    started = [npm.pid!];
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      npm.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      const health = await fetch(`http://127.0.0.1:${port}/backend-service/v1/health`).then(
        (res) => res.status,
        () => null,
      );
      if (health === 200) break;
      if (Date.now() > deadline) throw new Error('npm start did not serve within 300 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    started = tree(npm.pid!);
    // npm, the start script and the server at least.
    expect(started.length).toBeGreaterThanOrEqual(3);
    return { port, npm, exited };
  }

  it('stops gracefully, its server with it, on a SIGTERM to the npm process alone', async () => {
    const { port, npm, exited } = await npmStart();
    process.kill(npm.pid!, 'SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await portFree(port)).toBe(true);
    await expect.poll(() => started.filter(isAlive), { timeout: 10_000 }).toEqual([]);
  }, 400_000);

  it('takes its server down when the start script is killed outright', async () => {
    const { port, npm, exited } = await npmStart();
    const [script] = childrenOf(npm.pid!);
    process.kill(script!, 'SIGKILL');
    await exited;
    await expect.poll(() => started.filter(isAlive), { timeout: 30_000 }).toEqual([]);
    expect(await portFree(port)).toBe(true);
  }, 400_000);
});
