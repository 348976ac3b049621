// Requests per second of the two large admin lists, GET /api/admin/applications-v2 (500
// applications) and GET /api/admin/users (1,000 users), for the server built before responses
// went through the compiled serializer (BASELINE_COMMIT, built here in a temporary git worktree)
// and for the current build (dist/server, from `npm run build`), in the same run. Both servers
// run at once on 127.0.0.1 with identically seeded SQLite files; the measurement alternates
// before, after, after, before, so drift in the machine's load falls on both alike.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startBuiltServer } from './server.mjs';

/**
 * The server as it was before bbf93d9, when every response was a zod parse. Not bbf93d9's parent
 * (6459242): from cac9faa on, dashboards/routes.ts imports a repository.ts that the commit had
 * renamed to figures.ts, so those trees do not build. This commit's src/server is 6459242's
 * without that rename.
 */
const BASELINE_COMMIT = 'ea612e3b402bd2e616e2e0ec07f614fd9226198b';

const APPLICATIONS = 500;
const USERS = 1000;
const CONCURRENCY = 8;
const WARMUP_MS = 1500;
const MEASURE_MS = 5000;
const ORDER = ['before', 'after', 'after', 'before'];

const mainRoot = process.cwd();
const afterEntry = path.join(mainRoot, 'dist/server/main.js');
if (!fs.existsSync(afterEntry)) {
  console.error('No build in dist/: run "npm run build" first.');
  process.exit(1);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-serialize-'));
const worktree = path.join(scratch, 'baseline');
const servers = [];

/** The baseline's server, built with its own `build:server` script (the same esbuild command). */
function buildBaseline() {
  execFileSync('git', ['worktree', 'add', '--detach', worktree, BASELINE_COMMIT], {
    stdio: 'ignore',
  });
  fs.symlinkSync(path.join(mainRoot, 'node_modules'), path.join(worktree, 'node_modules'));
  // The API does not need the client, but both servers then start alike (pages, static files).
  fs.mkdirSync(path.join(worktree, 'dist'), { recursive: true });
  for (const part of ['client', 'ssr']) {
    const built = path.join(mainRoot, 'dist', part);
    if (fs.existsSync(built)) fs.symlinkSync(built, path.join(worktree, 'dist', part));
  }
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: worktree, stdio: 'inherit' });
  return path.join(worktree, 'dist/server/main.js');
}

/** One of the two servers on a kept data dir; every server started is stopped at the end. */
async function start(entry, dataDir) {
  const server = await startBuiltServer({
    entry,
    dataDir,
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'error' },
  });
  servers.push(server);
  return server;
}

function insert(database, table, rows) {
  const columns = Object.keys(rows[0]);
  const statement = database.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  for (const row of rows) statement.run(...columns.map((column) => row[column]));
}

/**
 * Gives the administrator made at first start a fixed id and times, along with every row that
 * already points at it (a build may make some at start, such as its pay totals): the foreign
 * keys are checked at the commit, once both sides agree.
 */
function renameAdministrator(database, id, time) {
  const { id: oldId } = database.prepare(`SELECT id FROM users WHERE username = 'admin'`).get();
  const references = database
    .prepare(
      `SELECT m.name AS tableName, f."from" AS columnName FROM sqlite_master m
       JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f."table" = 'users'`,
    )
    .all();
  database.transaction(() => {
    database.pragma('defer_foreign_keys = ON');
    database
      .prepare(`UPDATE users SET id = ?, created_at = ?, updated_at = ? WHERE id = ?`)
      .run(id, time, time, oldId);
    for (const { tableName, columnName } of references)
      database
        .prepare(`UPDATE "${tableName}" SET "${columnName}" = ? WHERE "${columnName}" = ?`)
        .run(id, oldId);
  })();
}

/** The same rows in both files: ids, names and times follow the row's number alone. */
function seed(dataDir) {
  const database = new Database(path.join(dataDir, 'app.db'));
  const at = (n) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  const hex = (prefix, n) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
  // The administrator each server made at its first start gets the same id and times in both.
  const adminId = hex('aaaaaaaa', 0);
  renameAdministrator(database, adminId, at(-1));
  const languages = ['en', 'es', 'pt'];
  const users = Array.from({ length: USERS - 1 }, (_, n) => ({
    id: hex('00000000', n),
    username: `creator${n}`,
    email: `creator${n}@example.com`,
    first_name: n % 4 === 0 ? null : `First${n}`,
    last_name: n % 5 === 0 ? null : `Last ${n}`,
    profile_image_url: null,
    password_hash: 'not-a-real-hash',
    is_admin: n % 50 === 0 ? 1 : 0,
    preferred_language: languages[n % 3],
    created_at: at(n),
    updated_at: at(n + 1),
  }));
  // users.username_skeleton (migration 0019, not in the baseline) is unique. The server's
  // look-alike form is TypeScript this script cannot load; a line break and the id is a form no
  // username has.
  const hasSkeletons = database
    .prepare(`SELECT 1 FROM pragma_table_info('users') WHERE name = 'username_skeleton'`)
    .get();
  if (hasSkeletons)
    for (const user of users) user.username_skeleton = `${user.username}\n${user.id}`;
  const statuses = ['pending', 'under_review', 'approved', 'rejected'];
  const applications = Array.from({ length: APPLICATIONS }, (_, n) => ({
    id: hex('11111111', n),
    first_name: `Applicant${n}`,
    last_name: `Surname ${n}`,
    email: `applicant${n}@example.com`,
    phone: `+1 555 01${String(n).padStart(4, '0')}`,
    country: 'United States',
    city: 'Miami',
    state: 'Florida',
    social_accounts: JSON.stringify([
      {
        network: 'Instagram',
        handle: `@applicant${n}`,
        followers: 1000 + n * 37,
        url: `https://instagram.com/applicant${n}`,
      },
      ...(n % 2 === 0 ? [{ network: 'TikTok', handle: `tt${n}`, followers: n * 11 }] : []),
    ]),
    document_type: 'passport',
    document_number: `P${String(n).padStart(8, '0')}`,
    document_file_key: null,
    document_file_type: null,
    personal_message:
      'I create travel and lifestyle content and would love to work with the agency on ' +
      `campaigns that fit my audience. Application number ${n}.`,
    heard_about_us: n % 3 === 0 ? null : 'Social Media',
    language: languages[n % 3],
    status: statuses[n % 4],
    admin_notes: n % 5 === 0 ? `Note on ${n}` : null,
    reviewed_by: n % 4 === 0 ? null : adminId,
    reviewed_at: n % 4 === 0 ? null : at(n + 10),
    created_user_id: null,
    rejected_at: null,
    submitted_at: at(n),
    updated_at: at(n + 10),
  }));
  const notes = applications
    .filter((_, n) => n % 5 === 0)
    .map((application, n) => ({
      id: hex('22222222', n),
      application_id: application.id,
      author_id: adminId,
      note: application.admin_notes,
      created_at: application.updated_at,
    }));
  database.transaction(() => {
    insert(database, 'users', users);
    insert(database, 'applications', applications);
    insert(database, 'application_notes', notes);
  })();
  database.close();
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Migrated by its first start, seeded while stopped, started again and signed in. */
async function prepare(entry) {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
  await (await start(entry, dataDir)).stop();
  seed(dataDir);
  const server = await start(entry, dataDir);
  return { ...server, cookie: await signIn(server.baseUrl) };
}

/** CONCURRENCY keep-alive loops for `ms`; answers per second. */
async function load({ baseUrl, cookie }, route, ms) {
  const until = performance.now() + ms;
  let answers = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const response = await fetch(`${baseUrl}${route}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
      answers++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return answers / ((performance.now() - started) / 1000);
}

async function body({ baseUrl, cookie }, route) {
  return (await fetch(`${baseUrl}${route}`, { headers: { cookie } })).json();
}

/** Where two answers first differ ('items[3].email'), or null when they are the same JSON. */
function firstDifference(a, b, at = 'body') {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return a === b ? null : at;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const difference = firstDifference(
      a[key],
      b[key],
      Array.isArray(a) ? `${at}[${key}]` : `${at}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  const builds = { before: await prepare(buildBaseline()), after: await prepare(afterEntry) };
  console.log(`Large lists, requests per second (${CONCURRENCY} keep-alive clients, SQLite)`);
  console.log(`  before: ${BASELINE_COMMIT} (zod parse of every response); after: dist/server`);
  for (const [route, rows] of [
    ['/api/admin/applications-v2', `${APPLICATIONS} applications`],
    ['/api/admin/users', `${USERS.toLocaleString('en')} users`],
  ]) {
    const [before, after] = [await body(builds.before, route), await body(builds.after, route)];
    const difference = firstDifference(before, after);
    const same = difference ? `JSON differs from ${difference} on` : 'same JSON';
    const rps = { before: [], after: [] };
    for (const build of ORDER) {
      await load(builds[build], route, WARMUP_MS);
      rps[build].push(await load(builds[build], route, MEASURE_MS));
    }
    const [b, a] = [median(rps.before), median(rps.after)];
    console.log(
      `  GET ${route} (${rows}, ${(JSON.stringify(after).length / 1024).toFixed(0)} KB, ${same}): ` +
        `before ${b.toFixed(0)} rps, after ${a.toFixed(0)} rps, after/before ${(a / b).toFixed(2)}`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  if (fs.existsSync(worktree)) {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}
