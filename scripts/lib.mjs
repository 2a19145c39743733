// Helpers shared by the start, dev and test scripts. Plain Node: they run before npm install.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`[speedrank] ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
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
  if (!force && fs.existsSync(index)) {
    const built = fs.statSync(index).mtimeMs;
    const newest = newestMtime(['web', 'core', 'build', 'vite.config.ts', 'package-lock.json']);
    if (built >= newest) return;
  }
  log('Building the web app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
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
