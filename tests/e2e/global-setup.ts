import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../support/browser.ts';
import { startBuiltServer } from '../support/built-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: fixtures open its SQLite file to seed data directly. */
    dataDir: string;
  }
}

/** Starts the built server once for the run, as `npm start` would after its build. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
