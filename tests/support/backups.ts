import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabases, randomDatabaseName } from './postgres.ts';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `npm run backup` or `npm run restore -- …` as its own process, from source. */
export function startCli(tool: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `src/server/backups/${tool}-cli.ts`, ...args],
    {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runCli = (tool: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  startCli(tool, args, env).done;

/** The last line a command printed. */
export const lastLine = (output: string) => output.trim().split('\n').at(-1) ?? '';

/** The environment of the app's configuration for a database of the tests. */
export function envOf(database: { dataDir: string; databaseUrl: string | undefined }) {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
}

/**
 * An empty place to restore into: a new folder, and on PostgreSQL a new, empty database (named
 * after the run, so the run's clean-up removes it too).
 */
export async function emptyTarget(parent: string) {
  const dataDir = fs.mkdtempSync(path.join(parent, 'restored-'));
  fs.rmdirSync(dataDir);
  const baseUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (baseUrl && inject('postgresTemplate')) {
    name = randomDatabaseName(inject('postgresRunPrefix'));
    databaseUrl = await createDatabase(baseUrl, name);
  }
  return {
    dataDir,
    databaseUrl,
    remove: async () => {
      if (baseUrl && name) await dropDatabases(baseUrl, (candidate) => candidate === name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes `count` files of `bytes` random bytes under DATA_DIR/storage/`folder`. */
export function writeStoredFiles(dataDir: string, folder: string, count: number, bytes: number) {
  const dir = path.join(dataDir, 'storage', folder);
  fs.mkdirSync(dir, { recursive: true });
  for (let n = 0; n < count; n++)
    fs.writeFileSync(path.join(dir, `file-${n}.bin`), randomBytes(bytes));
}

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
