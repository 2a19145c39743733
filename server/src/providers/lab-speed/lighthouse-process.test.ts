import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/guarding-server.ts', import.meta.url));

/** Running, or stopped: a zombie (dead, waiting for a parent to reap it) counts as gone. */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; comm may hold spaces, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
};

describe('LighthouseProcess', () => {
  it('takes its detached browser down when the server is killed outright', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: server.stdout! }).once('line', resolve),
    );
    const { browser, child } = JSON.parse(line) as { browser: number; child: number };
    // Let the child receive its guard message before the server dies.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(isAlive(browser)).toBe(true);
    server.kill('SIGKILL');
    await expect.poll(() => isAlive(child), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => isAlive(browser), { timeout: 10_000 }).toBe(false);
  }, 30_000);
});
