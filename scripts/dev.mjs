// `npm run dev`: the API with reload on server changes, and Vite's hot-reloading web app.
import { spawn } from 'node:child_process';
import { ensureNodeModules, ensureSupportedNode, log, root } from './lib.mjs';

await ensureSupportedNode();
ensureNodeModules();
const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '8080', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
log(`Dev server: http://localhost:${process.env.PORT ?? '8080'} (API on ${apiPort})`);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
