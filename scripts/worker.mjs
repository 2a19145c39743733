// `npm run worker`: a speed worker (server/src/worker.ts), on a supported Node with the npm
// dependencies installed.
import { ensureNodeModules, ensureSupportedNode, runServer } from './lib.mjs';

await ensureSupportedNode();
ensureNodeModules();
await runServer('server/src/worker.ts');
