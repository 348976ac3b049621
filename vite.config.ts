import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute so the build lands in the same place whichever folder vite is started from.
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const clientOutDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root: clientRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: clientOutDir,
    emptyOutDir: true,
    // Which source each chunk holds: the browser tests check no public page loads the app's.
    manifest: true,
    // No preload helper: on a phone, its adding a <link> per chunk when the app starts was a
    // blocking task of its own; the browser finds each chunk's imports as it parses it instead.
    modulePreload: false,
    rolldownOptions: {
      // Domain modules define zod schemas at their top level next to constants the pages use;
      // calls on `z` have no side effects, so an unused schema (and zod with it) is left out.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  // The SSR build (dist/ssr) carries its libraries inside, so the server needs no client packages.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    strictPort: true,
    // The dev API (npm run dev) listens here; the browser keeps talking to one origin, as in production.
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
});
