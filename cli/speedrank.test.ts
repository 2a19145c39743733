import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/speedrank.mjs', import.meta.url));

it('runs as the package’s bin from any directory, and says how to use it', () => {
  const help = spawnSync(process.execPath, [bin, '--help'], { cwd: tmpdir(), encoding: 'utf8' });
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^Usage: speedrank check URL…/);
  const wrong = spawnSync(process.execPath, [bin, 'check'], { cwd: tmpdir(), encoding: 'utf8' });
  expect(wrong.status).toBe(2);
  expect(wrong.stderr).toMatch(/^Name at least one URL to check\./);
}, 30_000);
