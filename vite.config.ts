import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagIcons } from './build/flag-icons';
import { precompress } from './build/precompress';
import { shellChunk } from './build/shell-chunk';
import { APP_START_SOURCE } from './core/screens';
import { siteConfigInDev } from './build/site-config-dev';

const root = fileURLToPath(new URL('./web', import.meta.url));
const apiOrigin = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: isSsrBuild
    ? [react()]
    : [react(), flagIcons(), siteConfigInDev(apiOrigin), precompress()],
  resolve: {
    alias: [
      { find: '@core', replacement: fileURLToPath(new URL('./core', import.meta.url)) },
      // Zod, configured jitless before any schema exists (web/src/app/zod-jitless.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./web/src/app/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  css: {
    // Bootstrap 5.3's Sass predates the module system; its deprecations are not ours to fix.
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: isSsrBuild
    ? // `vite build --ssr src/prerender.tsx`: the server's prerender of each page's first screen.
      { outDir: fileURLToPath(new URL('./dist/prerender', import.meta.url)), emptyOutDir: true }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        // scripts/bundle-report.ts reads it to sum each screen's first load.
        manifest: true,
        // No <link rel=modulepreload> per dependency of a lazy screen: the browser finds a
        // chunk's imports as it parses the chunk, while the helper that adds those links cost
        // a tool page a main-thread task of about 100 ms at load (one link per chunk).
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: shellChunk(root, 'src/main.tsx', APP_START_SOURCE) }],
            },
          },
        },
      },
  // A self-contained module for the server to import, but for a package that requires its
  // data files by computed names, which only Node can resolve.
  ssr: { noExternal: true, external: ['i18n-iso-countries'] },
  publicDir: isSsrBuild ? false : 'public',
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    // The API runs in its own process during `npm run dev`; Vite forwards to it.
    proxy: { '/backend-service': apiOrigin },
  },
}));
