// Prints each chunk's gzipped size and each screen's first load (the shell's scripts plus the
// screen's own: what a page's first visit runs), and fails when a budget of build/budgets.json is exceeded. Run after
// `vite build` by `npm run build` and by the setup of `npm start` and `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_START_SOURCE, SCREEN_FRAME_SOURCE } from '../core/screens';
import budgets from '../build/budgets.json' with { type: 'json' };
import {
  entryKey,
  readBuildManifest,
  staticClosure,
  type BuildManifest,
} from '../build/build-manifest';

const dist = path.resolve(import.meta.dirname, '../dist/web');
const built = readBuildManifest(dist);
if (!built) throw new Error('The build has no manifest: run `vite build` first.');
const manifest: BuildManifest = built;

const gzipped = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    const bytes = fs.readFileSync(path.join(dist, file));
    size = zlib.gzipSync(bytes, { level: 9 }).length / 1024;
    gzipped.set(file, size);
  }
  return size;
}

const closure = (key: string) => staticClosure(manifest, key);

function firstLoad(keys: Iterable<string>) {
  const files = [...keys].map((key) => manifest[key]!);
  const scripts = new Set(files.map((chunk) => chunk.file));
  const styles = new Set(files.flatMap((chunk) => chunk.css ?? []));
  const sum = (set: Set<string>) => [...set].reduce((total, file) => total + gzipKb(file), 0);
  return { js: sum(scripts), css: sum(styles) };
}

const kb = (value: number) => value.toFixed(1).padStart(7);
const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
console.log('Chunks (KB gzipped):');
for (const chunk of chunks.sort((a, b) => gzipKb(b.file) - gzipKb(a.file))) {
  console.log(`${kb(gzipKb(chunk.file))}  ${chunk.file}`);
}

const entry = entryKey(manifest);
if (!entry) throw new Error('The manifest has no entry chunk.');
// The entry starts the app once the prerendered page has painted: both are the shell.
const shell = new Set([...closure(entry), ...closure(APP_START_SOURCE)]);
const frame = closure(SCREEN_FRAME_SOURCE);
const screens = Object.keys(manifest).filter(
  (key) => manifest[key]!.isDynamicEntry && /features\/.+-page\.tsx$/.test(key),
);

const failures: string[] = [];
const rows: [string, { js: number; css: number }, number][] = [
  ['home (the shell)', firstLoad(shell), budgets.homeScriptKb],
  ...screens.map((key): [string, { js: number; css: number }, number] => {
    const keys = new Set([...shell, ...closure(key), ...frame]);
    return [path.basename(key, '.tsx'), firstLoad(keys), budgets.routeScriptKb];
  }),
];
console.log('\nFirst load per screen (KB gzipped):    JS     CSS');
for (const [name, load, jsBudget] of rows) {
  console.log(`${name.padEnd(36)}${kb(load.js)} ${kb(load.css)}`);
  if (load.js > jsBudget) failures.push(`${name}: ${load.js.toFixed(1)} KB of JS > ${jsBudget}`);
  if (load.css > budgets.stylesheetKb) {
    failures.push(`${name}: ${load.css.toFixed(1)} KB of CSS > ${budgets.stylesheetKb}`);
  }
}
if (failures.length > 0) {
  console.error(`\nOver budget (build/budgets.json):\n${failures.join('\n')}`);
  process.exitCode = 1;
}
