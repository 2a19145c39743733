import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL('./dist/web', import.meta.url)), emptyOutDir: true },
  server: {
    // The API runs in its own process during `npm run dev`; Vite forwards to it.
    proxy: { '/backend-service': `http://127.0.0.1:${process.env.API_PORT ?? '8081'}` },
  },
});
