// Helpers shared by the scripts of package.json. Plain Node: they run before npm install, on
// whatever Node the machine has.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`[speedrank] ${message}`);
}

/** The oldest Node we run on: package.json's engines (">=x.y.z"). */
const MINIMUM_NODE = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
).engines.node.replace(/^>=/, '');
/** The Node LTS run where the machine's is older, exact: .nvmrc, which nvm reads too. */
export const PINNED_NODE = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

const olderThan = (version, than) => {
  const [a, b] = [version, than].map((v) => v.split('.').map(Number));
  const i = a.findIndex((part, j) => part !== b[j]);
  return i >= 0 && a[i] < b[i];
};

/** Node builds from the npm registry, one folder per version. */
const nodeCache =
  process.env.SPEEDRANK_NODE_CACHE ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'speedrank');
const nodeDir = (version) => path.join(nodeCache, `node-${version}`);

/**
 * Node `version` (bin/node, include/node) from the npm registry (the package
 * node-<platform>-<arch>), unpacked into the cache once; its folder.
 */
export function installNode(version) {
  const dir = nodeDir(version);
  if (fs.existsSync(path.join(dir, 'bin', 'node'))) return dir;
  fs.mkdirSync(nodeCache, { recursive: true });
  // Unpacked beside it, then renamed: an interrupted fetch leaves no half of a Node there.
  const download = fs.mkdtempSync(path.join(nodeCache, `.node-${version}-`));
  try {
    const name = `node-${process.platform}-${process.arch}@${version}`;
    run('npm', ['pack', name, '--pack-destination', download, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const [tarball] = fs.readdirSync(download);
    const unpacked = path.join(download, 'node');
    fs.mkdirSync(unpacked);
    run('tar', ['-xzf', path.join(download, tarball), '-C', unpacked, '--strip-components=1']);
    try {
      fs.renameSync(unpacked, dir);
    } catch (error) {
      // Another script unpacked it meanwhile.
      if (!fs.existsSync(path.join(dir, 'bin', 'node'))) throw error;
    }
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
  return dir;
}

/** PATH with `dir`'s Node first, for npm, npx and every child to run under it. */
export const pathWith = (dir) => `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}`;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];

/**
 * The first step of a script: on a Node older than the minimum, runs this same script under
 * the pinned Node (installNode) instead, and exits as it does, its signal included; SIGINT
 * and SIGTERM go on to it. On a supported Node it returns, and a script so re-run stops
 * with the one that ran it, should that one be killed outright (stop-with-parent.mjs).
 */
export async function ensureSupportedNode() {
  if (!olderThan(process.versions.node, MINIMUM_NODE)) {
    await import('./stop-with-parent.mjs');
    return;
  }
  log(
    `Node ${process.versions.node} is older than ${MINIMUM_NODE}: running under Node ` +
      `${PINNED_NODE} from the npm registry (cached in ${nodeDir(PINNED_NODE)})`,
  );
  const dir = installNode(PINNED_NODE);
  const child = spawn(
    path.join(dir, 'bin', 'node'),
    [...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, PATH: pathWith(dir) },
    },
  );
  // A terminal's Ctrl-C reaches the child too: the scripts stop once however often told.
  const forward = (signal) => child.kill(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, forward);
  const [code, signal] = await once(child, 'exit');
  if (signal) {
    for (const name of STOP_SIGNALS) process.off(name, forward);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 128 + os.constants.signals[signal]);
}

const failed = (command, args, how) => new Error(`${command} ${args.join(' ')} exited with ${how}`);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw failed(command, args, result.status ?? result.signal);
}

/**
 * Like run, but the event loop stays free meanwhile, so the caller still hears signals; an
 * abort of `signal` sends `killSignal` to the command and everything it started (npx and
 * npm exec do not pass signals on to their children).
 */
export function runAsync(command, args, { signal, killSignal = 'SIGTERM', ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      // Its own process group, for the abort to reach.
      detached: true,
      ...options,
    });
    const stop = () => {
      try {
        process.kill(-child.pid, killSignal);
      } catch {
        // Already gone.
      }
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.once('error', reject);
    child.once('exit', (code, how) => {
      signal?.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else reject(failed(command, args, code ?? how));
    });
  });
}

/**
 * Runs a server entry point (server/src/main.ts or worker.ts) under this Node until it ends.
 * SIGINT or SIGTERM, however often, reaches it once, as SIGTERM, and it stops gracefully
 * (SHUTDOWN_DRAIN_MS) while this script waits; should this script be killed outright, it
 * stops likewise (stop-with-parent.mjs). Node itself, not the tsx command: that one would
 * pass the signal on a second time.
 */
export function runServer(entry) {
  const stop = new AbortController();
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop.abort());
  const stopWithParent = pathToFileURL(path.join(root, 'scripts', 'stop-with-parent.mjs')).href;
  return runAsync(process.execPath, ['--import', 'tsx', '--import', stopWithParent, entry], {
    signal: stop.signal,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
}

export function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('Installing npm dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Installs Debian packages when missing and allowed (root with apt); false otherwise. */
export function ensureDebianPackages(packages, { probe }) {
  if (probe()) return true;
  if (!isRoot || !has('apt-get')) {
    log(
      `Missing: ${packages.join(', ')}. Install with: sudo apt-get install -y ${packages.join(' ')}`,
    );
    return false;
  }
  log(`Installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', ...packages], { env });
  return probe();
}

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  return ensureDebianPackages(['chromium'], { probe: () => fs.existsSync(chromiumPath) });
}

/** Builds the web app unless dist/web is newer than every source file it comes from. */
export function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'dist', 'web', 'index.html');
  const prerender = path.join(root, 'dist', 'prerender', 'prerender.js');
  const beacon = path.join(root, 'dist', 'rum', 'rum.js');
  const outputs = [index, prerender, beacon];
  if (!force && outputs.every((file) => fs.existsSync(file))) {
    const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
    const newest = newestMtime([
      'web',
      'core',
      'build',
      'vite.config.ts',
      'scripts/build-rum.ts',
      'package-lock.json',
    ]);
    if (built >= newest) return;
  }
  log('Building the web app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  // Each page's first screen, prerendered by the server at start (web/src/prerender.tsx).
  run('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--logLevel', 'warn']);
  // The real-user beacon sites' pages load from /rum.js (web/rum/rum.ts).
  run('npx', ['tsx', 'scripts/build-rum.ts']);
  // Fails the setup when a screen's first load goes over its budget (build/budgets.json).
  run('npx', ['tsx', 'scripts/bundle-report.ts']);
}

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(p)) walk(path.join(p, child));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const entry of entries) {
    const p = path.join(root, entry);
    if (fs.existsSync(p)) walk(p);
  }
  return newest;
}

export function gitSha() {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/** A free TCP port on loopback, for a throwaway server. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
