import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:html|js|css|json|svg|txt|webmanifest)$/;
/** Below about a kilobyte a response fits in a packet or two either way. */
const MIN_BYTES = 1024;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of `dir` (recursively) of at
 * least MIN_BYTES, at the codecs' highest levels: compressed once at build time, the
 * server sends them as they are instead of spending CPU on each response.
 */
export async function precompressDir(dir: string): Promise<void> {
  const names = await fs.readdir(dir, { recursive: true });
  await Promise.all(
    names
      .filter((name) => TEXT_FILE.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const source = await fs.readFile(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotliCompress(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }),
  );
}

/**
 * Precompresses the build output (see precompressDir). It runs last, once every file is
 * written, the public folder's copies and other plugins' output included.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'speedrank:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler: () => precompressDir(outDir),
    },
  };
}
