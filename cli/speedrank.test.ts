import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(root, 'bin/speedrank.mjs');

const speedrank = (binPath: string, args: string[]) =>
  spawnSync(process.execPath, [binPath, ...args], { cwd: tmpdir(), encoding: 'utf8' });

it('runs as the package’s bin from any directory, and says how to use it', () => {
  const help = speedrank(bin, ['--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^Usage: speedrank check URL…/);
  const wrong = speedrank(bin, ['check']);
  expect(wrong.status).toBe(2);
  expect(wrong.stderr).toMatch(/^Name at least one URL to check\./);
}, 30_000);

it('runs from the published package’s files alone', () => {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'speedrank-pack-'));
  try {
    // What `npm pack` would publish, unpacked, with the dependencies an install would bring.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: root,
        encoding: 'utf8',
      }),
    ) as { files: { path: string }[] }[];
    for (const { path: file } of packed[0]!.files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(path.join(root, file), path.join(dir, file));
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const wrong = speedrank(path.join(dir, 'bin/speedrank.mjs'), ['check', 'https://a.example/']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^Name the SpeedRank server/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
