import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagIcons } from './build/flag-icons';
import { precompress } from './build/precompress';
import { siteConfigInDev } from './build/site-config-dev';

const root = fileURLToPath(new URL('./web', import.meta.url));
const apiOrigin = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  root,
  plugins: [react(), flagIcons(), siteConfigInDev(apiOrigin), precompress()],
  resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
  css: {
    // Bootstrap 5.3's Sass predates the module system; its deprecations are not ours to fix.
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // scripts/bundle-report.ts reads it to sum each screen's first load.
    manifest: true,
  },
  server: {
    // The API runs in its own process during `npm run dev`; Vite forwards to it.
    proxy: { '/backend-service': apiOrigin },
  },
});
