import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder (the one holding package.json), whether running from src/ or dist/. */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the project folder (no package.json above the server)');
    dir = parent;
  }
  return dir;
}

export const appRoot = findAppRoot();
export const clientBuildDir = path.join(appRoot, 'dist', 'client');
