// Starts a throwaway PostgreSQL cluster on loopback for the test suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, freePort, log } from './lib.mjs';

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root, so as root its commands run as the postgres user. */
function pgRun(bin, command, args) {
  const full = path.join(bin, command);
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
    : spawnSync(full, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  }
}

/** Returns `{ url, stop }`, or null when PostgreSQL cannot be installed here. */
export async function startTestPostgres() {
  if (!ensureDebianPackages(['postgresql'], { probe: () => findPgBin() !== null })) return null;
  const bin = findPgBin();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-pg-'));
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const stop = () => {
    try {
      pgRun(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    startCluster(bin, dir, dataDir, port);
  } catch (error) {
    // A cluster that came up before a later step failed must not outlive the tests.
    try {
      stop();
    } catch {
      // It never came up: only its folder was left, and is gone now.
    }
    throw error;
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}`);
  return { url: `postgres://speedrank@127.0.0.1:${port}/speedrank_test`, stop };
}

function startCluster(bin, dir, dataDir, port) {
  pgRun(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'speedrank',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  pgRun(bin, 'pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} -F`,
    'start',
  ]);
  pgRun(bin, 'createdb', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'speedrank',
    'speedrank_test',
  ]);
}
