// `npm start`: set up what is missing, then serve the app on the embedded defaults.
import {
  ensureChromium,
  ensureNodeModules,
  ensureSupportedNode,
  ensureWebBuild,
  log,
  runServer,
} from './lib.mjs';

await ensureSupportedNode();
ensureNodeModules();
ensureWebBuild();
if (!ensureChromium()) {
  log('Chromium is missing: the speed tools will say so until it is installed.');
}
// Migrations run inside the server before it listens.
await runServer('server/src/main.ts');
