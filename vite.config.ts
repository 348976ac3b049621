import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { domainForTheBrowser } from './scripts/domain-for-the-browser.ts';
import { iconsByFile } from './scripts/icons-by-file.ts';

// Absolute so the build lands in the same place whichever folder vite is started from.
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const clientOutDir = fileURLToPath(new URL('./dist/client', import.meta.url));

type ChunkingContext = Rolldown.ChunkingContext;

const router = '/src/client/app/router.tsx';
/** What every page runs first, once boot.ts has loaded it. */
const startEntry = '/src/client/app/entry-client.tsx';
/** The router's lazy modules that make the signed-in frame: its providers and its layout. */
const frameModules = /\/src\/client\/app\/(platform-providers|signed-in-layout)\.tsx$/;
/** The router's lazy modules no public page loads: the frame, sign-in and every signed-in screen. */
const platformModules =
  /\/src\/client\/(app\/(platform-providers|signed-in-layout|signed-in-not-found)\.tsx|features\/(auth|dashboards|tasks|compensation|users|notifications|audit)\/|features\/applications\/admin-)/;

/** The router's lazy module of the public site's frame: its header and footer. */
const publicFrameModule = /\/src\/client\/components\/layout\/public-layout\.tsx$/;
/** The signed-in frame's layout, which, like the public one, every page of its kind draws. */
const signedInFrameModule = /\/src\/client\/app\/signed-in-layout\.tsx$/;

/** An icon's own file (scripts/icons-by-file.ts). */
const iconModule = /\/node_modules\/lucide-react\/dist\/esm\/icons\//;

/**
 * The lazy modules of the router a module is loaded with (`start` when the page's start-up
 * entry, or a module it imports itself, needs it), found by walking its importers up: all of
 * them, as imports can go round in circles.
 */
function lazyRootsOf(id: string, context: ChunkingContext): Set<string> {
  const roots = new Set<string>();
  const seen = new Set([id]);
  const waiting = [id];
  for (let module = waiting.pop(); module !== undefined; module = waiting.pop()) {
    const info = context.getModuleInfo(module);
    if (!info) continue;
    if (info.importers.length === 0 && info.dynamicImporters.length === 0) roots.add('start');
    for (const importer of info.dynamicImporters) {
      roots.add(importer.endsWith(router) ? module : 'start');
    }
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        waiting.push(importer);
      }
    }
  }
  return roots;
}

/**
 * Whether every page runs the module, and the page's own script does not import it (that one must
 * stay small, and must not wait for the start-up code: the start-up entry is imported by it
 * dynamically, after the first paint). Every page runs what the start-up entry imports, directly
 * or through other static imports, and what both frames import (the public site's and the
 * signed-in one: the language menu, the logo's icon).
 */
function isNeededAtStart(id: string, context: ChunkingContext): boolean {
  let neededByStart = false;
  let inPublicFrame = false;
  let inSignedInFrame = false;
  const seen = new Set([id]);
  const waiting = [id];
  for (let module = waiting.pop(); module !== undefined; module = waiting.pop()) {
    const info = context.getModuleInfo(module);
    if (!info) continue;
    if (info.isEntry) return false;
    if (module.endsWith(startEntry) && module !== id) neededByStart = true;
    if (publicFrameModule.test(module)) inPublicFrame = true;
    if (signedInFrameModule.test(module)) inSignedInFrame = true;
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        waiting.push(importer);
      }
    }
  }
  return neededByStart || (inPublicFrame && inSignedInFrame);
}

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss(), domainForTheBrowser(), iconsByFile()],
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
      // Each top-level definition of the domain is marked pure by scripts/domain-for-the-browser.ts
      // (decision 0058). The domain's modules only define things (no statement runs for its
      // effect), so a module the browser imports nothing from is left out whole: the signed-in
      // frame had imported the users and auth modules, and Zod with them, for effects they do
      // not have.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /\/src\/domain\//, sideEffects: false }],
      },
      // The rendering entry (dist/ssr) is read from disk by the server: one file is as good as many.
      output: isSsrBuild
        ? {}
        : {
            // Fewer, larger files (docs/decisions/0049-signed-in-screens-name-their-files.md): React
            // in one, and everything the signed-in frame needs that no public page does in another
            // (the query cache, Radix, Zod, the sidebar and bell), instead of some forty small chunks
            // a phone fetched for every signed-in screen.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /\/node_modules\/(react|react-dom|scheduler)\//,
                  priority: 3,
                },
                {
                  // Zod and the domain's schema builders in a file of their own: screens with a
                  // form need them, the frame does not.
                  name: 'schemas',
                  test: /\/node_modules\/zod\/|\/src\/domain\/(text|lists)\.ts$/,
                  priority: 2,
                },
                {
                  // Everything the start-up entry needs runs on every page: one file, instead of
                  // a small chunk for each set of lazy modules that shares a piece of it.
                  name: (id, context) => (isNeededAtStart(id, context) ? 'start' : null),
                  debugName: 'start',
                  includeDependenciesRecursively: false,
                  priority: 2,
                },
                {
                  name: (id, context) => {
                    const roots = [...lazyRootsOf(id, context)];
                    const signedInOnly = roots.every((root) => platformModules.test(root));
                    const publicOnly = !roots.some((root) => platformModules.test(root));
                    // The public site's frame, and what only public pages share with it.
                    if (publicOnly && roots.some((root) => publicFrameModule.test(root))) {
                      return 'public-frame';
                    }
                    // An icon is a few hundred bytes: in a file of its own, a round trip for
                    // nothing. The public pages' icons in one file, those of both kinds of page in
                    // another, so a signed-in screen never downloads the home page's, nor a legal
                    // page those of the home page.
                    if (iconModule.test(id)) {
                      if (signedInOnly) return 'signed-in-frame';
                      return publicOnly ? 'public-icons' : 'icons';
                    }
                    const isFrame = roots.some((root) => frameModules.test(root));
                    return isFrame && signedInOnly ? 'signed-in-frame' : null;
                  },
                  debugName: 'signed-in-frame or public-frame',
                  // Only what the name chose: its imports that public pages share stay where they are.
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
              ],
            },
          },
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
}));
