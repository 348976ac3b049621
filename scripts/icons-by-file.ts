import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// Decision 0049: each icon is imported from its own file, not through the package's index.
//
// Imported through the index, every icon had the index as its only importer. The index is a module
// the start-up code imports (the public header's icons), so `vite.config.ts` took every icon of
// every screen (about ninety) for a module the start-up code needs, into the file every page
// loads. From its own file, an icon has the screens that use it as importers, and goes with them.

const iconPackage = 'lucide-react';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface ImportDeclaration extends Node {
  source: { value: string };
  specifiers: { type: string; imported?: { name: string }; local: { name: string } }[];
}

/** Every name the package's index exports an icon under (`Menu`, `MenuIcon`, `LucideMenu`), with its file. */
function iconFiles(): Map<string, string> {
  const manifest = createRequire(import.meta.url).resolve(`${iconPackage}/package.json`);
  const index = path.join(
    path.dirname(manifest),
    JSON.parse(fs.readFileSync(manifest, 'utf8')).module,
  );
  const folder = path.dirname(index);
  const files = new Map<string, string>();
  const reExport = /export \{ ([^}]+) \} from '(\.\/icons\/[^']+)';/g;
  for (const [, names = '', file = ''] of fs.readFileSync(index, 'utf8').matchAll(reExport)) {
    for (const name of names.split(',')) {
      const alias = /^default as (\w+)$/.exec(name.trim())?.[1];
      if (alias) files.set(alias, path.join(folder, file));
    }
  }
  return files;
}

export function iconsByFile(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'icons-by-file',
    // After TypeScript is compiled away: the parser reads JavaScript, and type imports are gone.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /\/src\/client\/.+\.tsx?$/, code: iconPackage },
      handler(code) {
        files ??= iconFiles();
        const program = this.parse(code) as unknown as { body: Node[] };
        const imports = program.body.filter(
          (node): node is ImportDeclaration =>
            node.type === 'ImportDeclaration' &&
            (node as ImportDeclaration).source.value === iconPackage,
        );
        let result = code;
        for (const declaration of imports.reverse()) {
          const oneByOne = declaration.specifiers.map(({ type, imported, local }) => {
            const file = type === 'ImportSpecifier' && imported ? files?.get(imported.name) : null;
            if (!file)
              throw new Error(`icons-by-file: no file for ${local.name} of ${iconPackage}`);
            return `import ${local.name} from ${JSON.stringify(file)};`;
          });
          result =
            result.slice(0, declaration.start) + oneByOne.join(' ') + result.slice(declaration.end);
        }
        return { code: result, map: null };
      },
    },
  };
}
