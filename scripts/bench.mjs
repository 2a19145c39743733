// `npm run bench`: runs every benchmark in bench/ one after another; each prints its figures.
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules, ensureSupportedNode, log, root, run } from './lib.mjs';

await ensureSupportedNode();
ensureNodeModules();
const only = process.argv[2];
for (const file of fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('-bench.ts'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  log(`== ${file}`);
  run('npx', ['tsx', path.join('bench', file)]);
}
