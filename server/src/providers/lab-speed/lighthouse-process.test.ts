import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../../test/processes';

const FIXTURE = fileURLToPath(new URL('./fixtures/guarding-server.ts', import.meta.url));

describe('LighthouseProcess', () => {
  it('takes its detached browser and its profile down when the server is killed outright', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: server.stdout! }).once('line', resolve),
    );
    const { browser, child, profileDir } = JSON.parse(line) as {
      browser: number;
      child: number;
      profileDir: string;
    };
    // Let the child receive its guard message before the server dies.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(isAlive(browser)).toBe(true);
    server.kill('SIGKILL');
    // Generous: on a loaded machine the guard's cleanup can take many seconds.
    await expect.poll(() => isAlive(child), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => isAlive(browser), { timeout: 30_000 }).toBe(false);
    expect(fs.existsSync(profileDir)).toBe(false);
  }, 75_000);
});
