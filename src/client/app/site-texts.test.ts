// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteTextGroups, siteTexts } from '../../domain/content.ts';
import { catalogues } from '../../domain/locales/index.ts';
import { publicPaths } from '../../domain/routes.ts';
import { pageModules } from './router.tsx';

const clientRoot = path.resolve('src/client');
const english = catalogues.en;
const groupOf = (key: string) => key.slice(0, key.indexOf('.'));
const groups = new Set(Object.keys(english).map(groupOf));

/** The source files a module brings with it: its static imports, followed (not `import type`). */
function staticImports(start: string): Set<string> {
  const found = new Set<string>();
  const waiting = [start];
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(
      /^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gm,
    )) {
      const imported = path.resolve(path.dirname(file), specifier!);
      if (/\.tsx?$/.test(imported) && fs.existsSync(imported)) waiting.push(imported);
    }
  }
  return found;
}

/**
 * The catalogue keys a source file names: a quoted key (or a counted text's key, without its
 * plural form), or the fixed start of a template (`services.${id}.title`) that some key has.
 * Comments are left out: their examples name no text a page reads.
 */
function keysNamedIn(file: string): string[] {
  const source = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const keys = Object.keys(english);
  return [...source.matchAll(/['"`]([a-zA-Z]+\.[\w.]*)(\$\{)?/g)].flatMap(([, text, template]) => {
    if (!groups.has(groupOf(text!))) return [];
    if (template) return keys.filter((key) => key.startsWith(text!));
    return keys.filter((key) => key === text || key.replace(/_[a-z]+$/, '') === text);
  });
}

describe("the public site's texts", () => {
  // Every public page but the wizard, which waits for the whole dictionary (useAllTexts), as
  // the 404 page in a signed-in person's frame does; the shell and the 404 page come with them.
  const sitePaths = Object.values(publicPaths).filter((page) => page !== publicPaths.apply);
  const files = new Set(
    ['app/entry-client.tsx', 'features/content/index.tsx', ...sitePaths.flatMap(pageModules)]
      .map((module) => path.join(clientRoot, module))
      .flatMap((module) => [...staticImports(module)]),
  );

  it('hold every text the pages that come with only them name', () => {
    expect(files.size).toBeGreaterThan(30);
    const outside = [...files].flatMap((file) =>
      keysNamedIn(file)
        .filter((key) => !siteTextGroups.has(groupOf(key)))
        .map((key) => `${path.relative(clientRoot, file)}: ${key}`),
    );
    expect(outside).toEqual([]);
  });

  it('name only groups the catalogues have, and leave out the application', () => {
    expect([...siteTextGroups].filter((group) => !groups.has(group))).toEqual([]);
    const site = siteTexts(english);
    expect(site['meta.services.title']).toBe(english['meta.services.title']);
    expect(english['meta.services.title']).toBeTruthy();
    expect(site['common.loading']).toBe(english['common.loading']);
    expect(Object.keys(site).filter((key) => /^(tasks|apply|message)\./.test(key))).toEqual([]);
    // The point of it: a public page carries a small part of the dictionary.
    expect(JSON.stringify(site).length).toBeLessThan(JSON.stringify(english).length / 3);
  });
});
