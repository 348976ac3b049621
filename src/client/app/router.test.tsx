// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from '../../domain/routes.ts';
import { pageModules } from './router.tsx';

const clientRoot = path.resolve('src/client');
const routerSource = fs.readFileSync(path.join(clientRoot, 'app/router.tsx'), 'utf8');

describe('pageModules', () => {
  it("names each signed-in screen's providers, frame and page by the module its import loads", () => {
    expect(pageModules(appPaths.taskDetail)).toEqual([
      'app/platform-providers.tsx',
      'app/signed-in-layout.tsx',
      'features/tasks/task-detail-page.tsx',
    ]);
    expect(pageModules(appPaths.adminCreators)).toContain(
      'features/compensation/admin-creators-page.tsx',
    );
    expect(pageModules(appPaths.notifications)).toContain(
      'features/notifications/notifications-page.tsx',
    );
  });

  it('names only modules that exist, each beside an import of that very module', () => {
    // Every `{ module, load }` pair of the router, as written: the name the server looks up in
    // the build's manifest and the file the browser loads must be one module.
    const pairs = [
      ...routerSource.matchAll(/module: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g),
    ];
    expect(pairs.length).toBeGreaterThan(10);
    for (const [, module, imported] of pairs) {
      const loaded = path.relative(clientRoot, path.resolve(clientRoot, 'app', imported!));
      expect(loaded).toBe(module);
      expect(fs.existsSync(path.join(clientRoot, module!)), module).toBe(true);
    }
    const named = new Set(pairs.map(([, module]) => module));
    for (const page of Object.values(appPaths)) {
      for (const module of pageModules(page)) expect(named, `${page}: ${module}`).toContain(module);
    }
  });
});
