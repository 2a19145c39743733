// `npm run backup|restore|migrate`: a server command-line tool under a supported Node.
import { spawnSync } from 'node:child_process';
import { ensureNodeModules, ensureSupportedNode, root } from './lib.mjs';

await ensureSupportedNode();
ensureNodeModules();
const [entry, ...args] = process.argv.slice(2);
const result = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
