// Starts a throwaway Redis on loopback for the test suite: no persistence, its own folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, freePort, has, log } from './lib.mjs';

/** Resolves on a +PONG from 127.0.0.1:`port`, rejects on anything else. */
export function pingRedis(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy(new Error('no reply')));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (!reply.includes('\r\n')) return;
      socket.end();
      if (reply.startsWith('+PONG')) resolve();
      else reject(new Error(reply.trim()));
    });
    socket.on('error', reject);
  });
}

async function waitForPing(port, child, logFile, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      throw new Error(
        `redis-server exited at start: ${output.trim().split('\n').slice(-5).join('\n')}`,
      );
    }
    try {
      await pingRedis(port);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`redis-server did not answer PING: ${error.message}`, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Returns `{ url, stop }`, or null when Redis cannot be installed here. */
export async function startTestRedis() {
  if (!ensureDebianPackages(['redis-server'], { probe: () => has('redis-server') })) return null;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-redis-'));
  const logFile = path.join(dir, 'redis.log');
  // Detached, in a process group of its own: a Ctrl-C reaches the test script, which stops
  // Redis after the step under way, as it stops PostgreSQL.
  const child = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--logfile',
      logFile,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { detached: true, stdio: 'ignore' },
  );
  child.unref();
  const stop = () => {
    try {
      // Nothing to save: a kill is as good as a shutdown, and immediate.
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await waitForPing(port, child, logFile);
  } catch (error) {
    stop();
    throw error;
  }
  log(`Redis on 127.0.0.1:${port}`);
  return { url: `redis://127.0.0.1:${port}`, stop };
}
