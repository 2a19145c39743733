import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the app asks for a flag: `/flags/4x3/{country code}.svg` (web/src/components/flag-icon.tsx). */
const URL_PATH = '/flags/4x3/';
const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags/4x3',
);
const FLAG_FILE = /^[a-z]{2}(-[a-z]+)?\.svg$/;

/**
 * flag-icons' SVG flags as files of their own, fetched one by one as a page shows them:
 * served from node_modules in dev, copied into the build's `flags/4x3/`. The package's CSS
 * (every flag in one stylesheet) and a bundled map of flag URLs are both avoided.
 */
export function flagIcons(): Plugin {
  return {
    name: 'speedrank:flag-icons',
    configureServer(server) {
      server.middlewares.use(URL_PATH, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.slice(1);
        if (!FLAG_FILE.test(name) || !fs.existsSync(path.join(FLAGS_DIR, name))) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        fs.createReadStream(path.join(FLAGS_DIR, name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of fs.readdirSync(FLAGS_DIR).filter((f) => FLAG_FILE.test(f))) {
        this.emitFile({
          type: 'asset',
          fileName: `${URL_PATH.slice(1)}${name}`,
          source: fs.readFileSync(path.join(FLAGS_DIR, name)),
        });
      }
    },
  };
}
