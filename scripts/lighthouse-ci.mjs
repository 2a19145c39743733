// Lighthouse CI over the built app (issue 13): starts it on a free loopback port with a
// fresh data folder, runs `lhci collect` and `lhci assert`, and stops it. Part of `npm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, log, root, run } from './lib.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const up = await fetch(`${baseUrl}/backend-service/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not start within 30 s');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-lhci-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth(baseUrl, app);
  fs.rmSync(path.join(root, '.lighthouseci'), { recursive: true, force: true });
  const env = { ...process.env, LHCI_BASE_URL: baseUrl, CHROME_PATH: chromiumPath };
  log(`Lighthouse CI against ${baseUrl}`);
  run('npx', ['lhci', 'collect', '--config=./lighthouserc.cjs'], { env });
  run('npx', ['lhci', 'assert', '--config=./lighthouserc.cjs'], { env });
} finally {
  app.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
