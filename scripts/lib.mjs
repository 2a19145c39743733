// Helpers shared by the start, dev and test scripts. Plain Node: they run before npm install.
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`[speedrank] ${message}`);
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
  if (!force && fs.existsSync(index) && fs.existsSync(prerender)) {
    const built = Math.min(fs.statSync(index).mtimeMs, fs.statSync(prerender).mtimeMs);
    const newest = newestMtime(['web', 'core', 'build', 'vite.config.ts', 'package-lock.json']);
    if (built >= newest) return;
  }
  log('Building the web app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  // Each page's first screen, prerendered by the server at start (web/src/prerender.tsx).
  run('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--logLevel', 'warn']);
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
