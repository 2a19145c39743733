// `npm start`: set up what is missing, then serve the app on the embedded defaults.
import { ensureChromium, ensureNodeModules, ensureWebBuild, log, run } from './lib.mjs';

ensureNodeModules();
ensureWebBuild();
if (!ensureChromium()) {
  log('Chromium is missing: the speed tools will say so until it is installed.');
}
// Migrations run inside the server before it listens.
run('npx', ['tsx', 'server/src/main.ts']);
