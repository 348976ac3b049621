// The databases the probe runs against: SQLite (a file in the probe's DATA_DIR, as the server
// keeps it) and PostgreSQL, from PROBE_DATABASE_URL or a fresh database made on the local server
// and dropped after. Each target reads the server's tables directly with `rows(sql, params)`
// (SQL with `?` placeholders), for what no API answers: the mails' outbox, a sweep's round, the
// rows an acknowledged write must have left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

const localServer = 'postgres://postgres@127.0.0.1:5432';

/** A SQLite target on its own DATA_DIR; the file name is sqliteFilePath's (src/server/db/database.ts). */
export function sqliteTarget(dataDir = makeDataDir()) {
  const file = path.join(dataDir, 'app.db');
  return {
    label: 'SQLite',
    dataDir,
    env: {},
    async rows(text, params = []) {
      const database = new Database(file);
      try {
        const statement = database.prepare(text);
        return statement.reader ? statement.all(...params) : [statement.run(...params)];
      } finally {
        database.close();
      }
    },
    async integrity() {
      const database = new Database(file);
      try {
        return database.pragma('integrity_check', { simple: true });
      } finally {
        database.close();
      }
    },
    async close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL target: PROBE_DATABASE_URL as given (kept after), or a fresh `probe_<seed>_<time>`
 * on the local server (dropped after). Answers { target } or { unavailable: reason }.
 */
export async function postgresTarget(seed) {
  const given = process.env.PROBE_DATABASE_URL;
  const name = `probe_${seed}_${Date.now()}`;
  const url = given ?? `${localServer}/${name}`;
  if (!given) {
    const admin = new pg.Client({ connectionString: `${localServer}/postgres` });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
    } catch (error) {
      return { unavailable: `${localServer}: ${error.message}` };
    } finally {
      await admin.end().catch(() => {});
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const dataDir = makeDataDir();
  const target = {
    label: 'PostgreSQL',
    dataDir,
    env: { DATABASE_URL: url },
    async rows(text, params = []) {
      let n = 0;
      const result = await pool.query(
        text.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      );
      return result.command === 'SELECT' ? result.rows : [{ changes: result.rowCount }];
    },
    integrity: async () => 'not applicable',
    async close() {
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (given) return;
      const admin = new pg.Client({ connectionString: `${localServer}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
  return { target };
}

function makeDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'agency-probe-'));
}
