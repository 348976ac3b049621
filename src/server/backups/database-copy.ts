import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** The tables whose rows a manifest counts (what an agency would miss first). */
export const countedTables = [
  'users',
  'sessions',
  'applications',
  'tasks',
  'task_uploads',
  'compensations',
  /** Every change of pay is among its entries (decision 0057). */
  'audit_entries',
  'notifications',
] as const;

export interface DatabaseCopy {
  /** When the copy's view of the database was fixed. */
  at: Date;
  schemaVersion: string;
  counts: Record<string, number>;
  serverVersion?: string;
}

// Runs in a worker thread: the online backup copies the whole database in one step (a step
// that meets a change made by another connection starts over, so small steps under steady
// writes might never finish), then checks the copy and counts its rows. In a worker, the
// server's event loop keeps answering requests meanwhile.
const sqliteWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
(async () => {
  const source = new Database(workerData.source, { fileMustExist: true });
  let at;
  try {
    source.pragma('busy_timeout = 10000');
    await source.backup(workerData.target, {
      progress: () => { at = new Date().toISOString(); return 0x7fffffff; },
    });
    at = at || new Date().toISOString();
  } finally {
    source.close();
  }
  const copy = new Database(workerData.target, { fileMustExist: true });
  try {
    // The copy is a database of its own: one file, no write-ahead log beside it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error('The copy of the database failed its check: ' + check);
    const counts = {};
    const exists = copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?");
    for (const table of workerData.tables) {
      // A database of an older schema may not have every table yet.
      if (!exists.get(table)) continue;
      counts[table] = copy.prepare('select count(*) as n from "' + table + '"').get().n;
    }
    const schema = copy.prepare('select max(name) as name from kysely_migration').get().name;
    parentPort.postMessage({ at, counts, schemaVersion: schema });
  } finally {
    copy.close();
  }
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

/** SQLite's online backup of `source` into the new file `target`, in a worker thread. */
export function copySqlite(source: string, target: string): Promise<DatabaseCopy> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(sqliteWorker, {
      eval: true,
      workerData: { module, source, target, tables: countedTables },
    });
    worker.once(
      'message',
      (message: { error?: string } & Omit<DatabaseCopy, 'at'> & { at: string }) => {
        if (message.error) reject(new Error(message.error));
        else resolve({ ...message, at: new Date(message.at) });
        void worker.terminate();
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The database copy stopped (exit ${code})`));
    });
  });
}

export class BackupToolError extends Error {
  override name = 'BackupToolError';
}

/** A tool's major version from its `--version` line ("pg_dump (PostgreSQL) 15.20 (…)"). */
async function toolMajor(tool: string): Promise<{ major: number; version: string }> {
  const output = await run(tool, ['--version']).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupToolError(
        `${tool} was not found. Install the PostgreSQL client tools of the server's major ` +
          'version or newer (Debian/Ubuntu: apt-get install postgresql-client; see the README).',
      );
    }
    throw error;
  });
  const version = /(\d+)(\.\d+)?/.exec(output)?.[0];
  if (!version) throw new BackupToolError(`Cannot read the version of ${tool}: ${output.trim()}`);
  return { major: Number(version.split('.')[0]), version };
}

/** Refuses a client tool older than the server: pg_dump cannot dump a newer major. */
export async function checkPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  serverVersionNum: number,
): Promise<string> {
  const { major, version } = await toolMajor(tool);
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (major < serverMajor) {
    throw new BackupToolError(
      `${tool} ${version} is older than the PostgreSQL server (${serverMajor}): install the client ` +
        `tools of version ${serverMajor} or newer (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}).`,
    );
  }
  return version;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupToolError(`${command} failed (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}

/** Connection settings for the PostgreSQL tools: the URL's password through the environment. */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function serverVersionNum(client: pg.Client): Promise<{ num: number; text: string }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as text`,
  );
  return { num: Number(rows[0]!.num), text: rows[0]!.text };
}

/**
 * pg_dump in its custom format, of the same snapshot the manifest's counts are read from: a
 * transaction exports its snapshot and pg_dump takes it (`--snapshot`).
 */
export async function dumpPostgres(url: string, target: string): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const server = await serverVersionNum(client);
    await checkPostgresTool('pg_dump', server.num);
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ id: string; at: Date }>(
      'select pg_export_snapshot() as id, clock_timestamp() as at',
    );
    const snapshot = rows[0]!;
    const counts: Record<string, number> = {};
    for (const table of countedTables) {
      // A database of an older schema may not have every table yet.
      const exists = await client.query('select to_regclass($1) as name', [table]);
      if (exists.rows[0]?.name === null) continue;
      const result = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
      counts[table] = Number(result.rows[0]!.n);
    }
    const schema = await client.query<{ name: string }>(
      'select max(name) as name from kysely_migration',
    );
    const { dbname, env } = toolConnection(url);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot.id}`, '--file', target, '--dbname', dbname],
      env,
    );
    await client.query('commit');
    return {
      at: new Date(snapshot.at),
      counts,
      schemaVersion: schema.rows[0]!.name,
      serverVersion: server.text,
    };
  } finally {
    await client.end();
  }
}

/** Whether the database holds no table of its own yet (a restore's target). */
export async function postgresIsEmpty(url: string): Promise<{ empty: boolean; tables: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1 limit 5`,
    );
    return { empty: rows.length === 0, tables: rows.map((row) => row.name) };
  } finally {
    await client.end();
  }
}

/** pg_restore of a custom-format dump into an empty database; stops at the first error. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let server;
  try {
    server = await serverVersionNum(client);
  } finally {
    await client.end();
  }
  await checkPostgresTool('pg_restore', server.num);
  const { dbname, env } = toolConnection(url);
  await run(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      '--dbname',
      dbname,
      dump,
    ],
    env,
  );
}
