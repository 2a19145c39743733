// Builds the real-user beacon (web/rum/rum.ts) into dist/rum/rum.js: one minified script
// with the parts of the web-vitals library it uses, small enough for every page of a site
// to carry.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles the beacon into `outfile`; returns its size gzipped, in bytes. */
export async function buildRumScript(outfile: string): Promise<number> {
  await build({
    entryPoints: [path.join(root, 'web', 'rum', 'rum.ts')],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'chrome100',
    legalComments: 'none',
    // web-vitals marks its internal fields with a leading underscore and has its own
    // build shorten them; bundled from its modules, they are shortened here.
    mangleProps: /^_/,
  });
  return zlib.gzipSync(fs.readFileSync(outfile)).length;
}

if (import.meta.main) {
  const gzipped = await buildRumScript(path.join(root, 'dist', 'rum', 'rum.js'));
  console.log(`rum.js: ${(gzipped / 1024).toFixed(1)} KB gzipped`);
}
