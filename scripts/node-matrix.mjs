// `npm run test:node-matrix`: the whole suite (`npm test`) under each Node line we support;
// its arguments go to scripts/test.mjs (`-- --unit` for the unit/API tests alone). Each Node
// comes from the npm registry (installNode), and runs the suite in this work tree: every
// native addon we use is built on Node-API and ships prebuilt, so one node_modules serves
// every line.
import fs from 'node:fs';
import path from 'node:path';
import {
  PINNED_NODE,
  ensureNodeModules,
  ensureSupportedNode,
  installNode,
  log,
  pathWith,
  root,
  run,
} from './lib.mjs';

/** Exact versions: a new release is taken in on purpose, by changing these (or .nvmrc). */
const NODE_VERSIONS = ['22.23.3', PINNED_NODE, '26.10.0'];

await ensureSupportedNode();
ensureNodeModules();
// An addon compiled at install (node-gyp's build/Release) loads under that Node only.
const compiled = fs
  .readdirSync(path.join(root, 'node_modules'), { recursive: true })
  .filter((file) => file.endsWith('.node') && file.includes(path.join('build', 'Release')));
if (compiled.length > 0) {
  throw new Error(`Built for the installing Node only, no matrix possible: ${compiled.join(', ')}`);
}
const failed = [];
for (const version of NODE_VERSIONS) {
  log(`== Node ${version}`);
  const dir = installNode(version);
  try {
    // Its own signal handling stops its PostgreSQL cluster on Ctrl-C.
    run(path.join(dir, 'bin', 'node'), ['scripts/test.mjs', ...process.argv.slice(2)], {
      env: { ...process.env, PATH: pathWith(dir) },
    });
    log(`   Node ${version} passed`);
  } catch (error) {
    log(`   Node ${version} failed: ${error.message}`);
    failed.push(version);
  }
}
if (failed.length > 0) {
  log(`Failed under Node ${failed.join(', ')}.`);
  process.exit(1);
}
log(`Passed under Node ${NODE_VERSIONS.join(', ')}.`);
