// Lighthouse CI over the built app: starts it on a free loopback port with a
// fresh data folder, runs `lhci collect` and `lhci assert`, and stops it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startAppProcess } from '../server/test/app-process';
import { CHROMIUM_FLAGS } from '../server/src/providers/lab-speed/chromium-flags';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function lhci(command: 'collect' | 'assert', env: NodeJS.ProcessEnv, extra: string[] = []) {
  const result = spawnSync('npx', ['lhci', command, '--config=./lighthouserc.cjs', ...extra], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) throw new Error(`lhci ${command} exited with ${result.status}`);
}

const app = await startAppProcess();
try {
  fs.rmSync(path.join(root, '.lighthouseci'), { recursive: true, force: true });
  const env = { ...process.env, LHCI_BASE_URL: app.baseUrl, CHROME_PATH: chromePath };
  console.log(`[speedrank] Lighthouse CI against ${app.baseUrl}`);
  lhci('collect', env, [
    `--chromePath=${chromePath}`,
    `--settings.chromeFlags=${CHROMIUM_FLAGS.join(' ')}`,
  ]);
  lhci('assert', env);
} finally {
  await app.stop();
}
