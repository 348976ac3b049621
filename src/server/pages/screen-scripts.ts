import fs from 'node:fs';
import path from 'node:path';

/** One module of Vite's build manifest (`build.manifest`): its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** The page template's module, whose file the template's one script tag already names. */
const templateEntry = 'index.html';

/**
 * The client build's manifest (dist/client/.vite/manifest.json), or undefined when the build has
 * none: pages are then sent without naming their files, and still work.
 */
export function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/**
 * Every script an application screen runs, so the browser fetches them all at once instead of
 * each only once the one importing it has arrived (a chain six requests deep on every signed-in
 * screen): the start-up entry's imports, the modules it loads first (React DOM and the app's
 * entry) and the screen's own modules (`modules`: its providers, frame and page, from the
 * client's router), each with every chunk it imports
 * (docs/decisions/0049-signed-in-screens-name-their-files.md). The page's script asks for them
 * once the shell is painted (`boot.ts`).
 *
 * Modules missing from the manifest are left out: the browser still finds them by itself.
 */
export function screenScripts(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = manifest[templateEntry];
  if (!entry) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...(entry.imports ?? []), ...(entry.dynamicImports ?? []), ...modules]) {
    visit(key);
  }
  // The template's script tag asks for the entry itself.
  files.delete(entry.file);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}
