// Builds the real-user beacon (web/rum/rum.ts) into dist/rum/rum.js: one minified script
// with the web-vitals library inside, small enough for every page of a site to carry.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist', 'rum', 'rum.js');
await build({
  entryPoints: [path.join(root, 'web', 'rum', 'rum.ts')],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'chrome100',
  legalComments: 'none',
});
const gzipped = zlib.gzipSync(fs.readFileSync(outfile)).length;
console.log(`rum.js: ${(gzipped / 1024).toFixed(1)} KB gzipped`);
