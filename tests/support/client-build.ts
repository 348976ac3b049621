import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Builds the client and its SSR entry, and compresses its files, as `npm run build` does, into a temporary folder of its
 * own (the shared dist/ may be rebuilt by someone else meanwhile). Returns the client folder, to
 * hand to buildApp as `clientDir`; the SSR build sits beside it, as dist/ssr beside dist/client.
 */
export async function buildClient(): Promise<{ clientDir: string; remove: () => void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-client-build-'));
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const clientDir = path.join(root, 'client');
  await run(process.execPath, [vite, 'build', '--outDir', clientDir, '--logLevel', 'error']);
  await run(process.execPath, [
    vite,
    'build',
    '--ssr',
    'app/entry-server.tsx',
    '--outDir',
    path.join(root, 'ssr'),
    '--logLevel',
    'error',
  ]);
  await run(process.execPath, [path.resolve('scripts/compress-assets.mjs'), clientDir]);
  return { clientDir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
