#!/usr/bin/env node
// `speedrank …`: the command line in cli/, run by tsx (a dependency) from wherever it is installed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../cli/speedrank.ts', import.meta.url));
// The package's tsconfig names the `@core` imports, wherever the command runs.
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const result = spawnSync(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), entry, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig } },
);
process.exit(result.status ?? 2);
