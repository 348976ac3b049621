// GET /api/admin/tasks and GET /api/tasks on the built server: median latency of page 1 (and of
// a search and a status filter) with 1,000 and with 100,000 tasks (issue 10; aim: the larger
// under twice the smaller). Every task is assigned to one creator ("all"), the worst case of
// GET /api/tasks; a second creator ("typical") has 250 of them in both databases, so their list
// shows whether the size of the table alone costs anything. The tasks are written straight into the
// SQLite file the server migrated, in one transaction. Where the aim is missed, the same SQL as
// src/server/modules/tasks/repository.ts is timed and explained (EXPLAIN QUERY PLAN) on the
// larger database. Needs `npm run build`.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './server.mjs';

const sizes = [1_000, 100_000];
const requestsPerQuery = 200;
// A query slower than this stops sooner (its median is then over fewer requests, as printed),
// so the whole run stays within a few minutes.
const secondsPerQuery = 12;
const typicalCount = 250;
const warmUp = 20;
const searchWord = 'sunset';
const statuses = ['new', 'in_progress', 'submitted', 'completed'];
const contentTypes = ['photo', 'video', 'both'];
const words = [
  'beach',
  'studio',
  'summer',
  'launch',
  'fitness',
  'makeup',
  'unboxing',
  'city',
  'night',
  'coffee',
  'travel',
  'spring',
  'denim',
  'skincare',
  'rooftop',
  'autumn',
  'garden',
  'gym',
  'festival',
  searchWord,
];
const creatorPassword = 'bench-creator-password-1';

const queries = [
  { name: 'admin list, page 1', url: '/api/admin/tasks?page=1', as: 'admin' },
  {
    name: `admin list, ?q=${searchWord}`,
    url: `/api/admin/tasks?page=1&q=${searchWord}`,
    as: 'admin',
  },
  {
    name: 'admin list, ?status=submitted',
    url: '/api/admin/tasks?page=1&status=submitted',
    as: 'admin',
  },
  ...['all', 'typical'].flatMap((creator) => [
    { name: `my tasks (${creator}), page 1`, url: '/api/tasks?page=1', as: creator },
    {
      name: `my tasks (${creator}), ?q=${searchWord}`,
      url: `/api/tasks?page=1&q=${searchWord}`,
      as: creator,
    },
    {
      name: `my tasks (${creator}), ?status=submitted`,
      url: '/api/tasks?page=1&status=submitted',
      as: creator,
    },
  ]),
];

async function signIn(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${username}: ${response.status}`);
  const sid = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sid='))
    ?.split(';')[0];
  if (!sid) throw new Error('No session cookie after sign-in');
  return sid;
}

/** A migrated database with the two creators made through the API; answers their ids. */
async function prepare(dataDir) {
  const server = await startBuiltServer({ dataDir });
  try {
    const admin = await signIn(server.baseUrl, 'admin', 'bench-password');
    const ids = {};
    for (const creator of ['all', 'typical']) {
      const response = await fetch(`${server.baseUrl}/api/admin/users`, {
        method: 'POST',
        headers: { origin: server.baseUrl, cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `creator${creator}`,
          email: `${creator}@example.com`,
          password: creatorPassword,
          isAdmin: false,
        }),
      });
      if (!response.ok) throw new Error(`Creating a creator: ${response.status}`);
      ids[creator] = (await response.json()).id;
    }
    return ids;
  } finally {
    await server.stop();
  }
}

/**
 * `count` tasks, each assigned to the creator "all" and every (count / 250)th to "typical" too,
 * in one transaction; the seconds it took.
 */
function seed(file, creatorIds, count) {
  const started = performance.now();
  const db = new Database(file);
  const adminId = db.prepare(`select id from users where username = 'admin'`).get().id;
  const insertTask = db.prepare(
    `insert into tasks (id, title, description, due_date, content_type, max_files, status,
       created_by, created_at, updated_at, search_text)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAssignment = db.prepare(
    `insert into task_assignments (id, task_id, user_id, status, submitted_at, completed_at,
       completed_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let n = 0; n < count; n++) {
      const id = randomUUID();
      const title = `${words[n % words.length]} ${words[(n * 7 + 3) % words.length]} shoot ${n}`;
      const description = `Shots for the ${words[(n * 13 + 5) % words.length]} campaign, number ${n}.`;
      const created = new Date(now - (count - n) * 60_000).toISOString();
      const due = new Date(now + ((n % 60) - 20) * 86_400_000).toISOString();
      const status = statuses[n % statuses.length];
      const done = status === 'submitted' || status === 'completed' ? created : null;
      insertTask.run(
        id,
        title,
        description,
        due,
        contentTypes[n % contentTypes.length],
        10,
        status,
        adminId,
        created,
        created,
        `${title} ${description}`.toLowerCase(),
      );
      const assign = (userId) =>
        insertAssignment.run(
          randomUUID(),
          id,
          userId,
          status,
          done,
          status === 'completed' ? created : null,
          status === 'completed' ? adminId : null,
          created,
          created,
        );
      assign(creatorIds.all);
      // One task in each block of `step`, at a place that moves, so its words and statuses vary.
      const step = count / typicalCount;
      if (n % step === Math.floor(n / step) % Math.min(step, 60)) assign(creatorIds.typical);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return (performance.now() - started) / 1000;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function timeQuery(baseUrl, cookie, url) {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return { ms, total: body.total, items: body.items.length };
  };
  for (let n = 0; n < warmUp; n++) await get();
  const times = [];
  let last;
  const started = performance.now();
  for (let n = 0; n < requestsPerQuery; n++) {
    if (performance.now() - started > secondsPerQuery * 1000) break;
    last = await get();
    times.push(last.ms);
  }
  return { median: median(times), total: last.total, items: last.items, requests: times.length };
}

// ---- the SQL of repository.ts, timed and explained on a database file

const sqlOf = {
  adminPage: (where) =>
    `select tasks.* from tasks ${where} order by tasks.created_at desc, tasks.id limit 25 offset 0`,
  adminCount: (where) => `select count(*) as total from tasks ${where}`,
  myFrom: `from task_assignments inner join tasks on tasks.id = task_assignments.task_id`,
  myPage: (where) =>
    `select tasks.*, task_assignments.status as own_status, task_assignments.submitted_at,
       task_assignments.completed_at,
       (select count(*) from task_uploads where task_uploads.task_id = task_assignments.task_id
          and task_uploads.user_id = task_assignments.user_id) as file_count
     ${sqlOf.myFrom} where task_assignments.user_id = $user ${where}
     order by tasks.due_date, tasks.id limit 25 offset 0`,
  myCount: (where) =>
    `select count(*) as total ${sqlOf.myFrom} where task_assignments.user_id = $user ${where}`,
  counters: `select status, count(*) as n from task_assignments where user_id = $user group by status`,
};
const like = `like '%${searchWord}%' escape '\\'`;
const sqlChecks = [
  ['admin page 1: page', sqlOf.adminPage('')],
  ['admin page 1: count', sqlOf.adminCount('')],
  ['admin ?q: page', sqlOf.adminPage(`where tasks.search_text ${like}`)],
  ['admin ?q: count', sqlOf.adminCount(`where tasks.search_text ${like}`)],
  ['admin ?status: page', sqlOf.adminPage(`where tasks.status = 'submitted'`)],
  ['admin ?status: count', sqlOf.adminCount(`where tasks.status = 'submitted'`)],
  ['my page 1: page', sqlOf.myPage('')],
  ['my page 1: count', sqlOf.myCount('')],
  ['my ?q: page', sqlOf.myPage(`and tasks.search_text ${like}`)],
  ['my ?q: count', sqlOf.myCount(`and tasks.search_text ${like}`)],
  ['my ?status: page', sqlOf.myPage(`and task_assignments.status = 'submitted'`)],
  ['my ?status: count', sqlOf.myCount(`and task_assignments.status = 'submitted'`)],
  ['my counters', sqlOf.counters],
];

function explainSql(file, creatorId) {
  const db = new Database(file, { readonly: true });
  const results = sqlChecks.map(([name, text]) => {
    const statement = db.prepare(text);
    const parameters = text.includes('$user') ? { user: creatorId } : {};
    statement.all(parameters);
    const times = [];
    for (let n = 0; n < 15; n++) {
      const started = performance.now();
      statement.all(parameters);
      times.push(performance.now() - started);
    }
    const plan = db
      .prepare(`explain query plan ${text}`)
      .all(parameters)
      .map((row) => row.detail);
    return { name, ms: median(times), plan };
  });
  db.close();
  return results;
}

// ---- the run

const runStarted = performance.now();
const figures = new Map();
let largest;
const dirs = [];
try {
  for (const size of sizes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-lists-'));
    dirs.push(dataDir);
    const creatorIds = await prepare(dataDir);
    const file = path.join(dataDir, 'app.db');
    const seedSeconds = seed(file, creatorIds, size);
    const server = await startBuiltServer({ dataDir });
    try {
      const cookies = {
        admin: await signIn(server.baseUrl, 'admin', 'bench-password'),
        all: await signIn(server.baseUrl, 'creatorall', creatorPassword),
        typical: await signIn(server.baseUrl, 'creatortypical', creatorPassword),
      };
      console.log(`  ${size.toLocaleString('en')} tasks: seeded in ${seedSeconds.toFixed(1)} s`);
      for (const query of queries) {
        const result = await timeQuery(server.baseUrl, cookies[query.as], query.url);
        figures.set(`${query.name}@${size}`, result);
        console.log(
          `    ${query.name.padEnd(40)} median ${result.median.toFixed(2).padStart(7)} ms of ${result.requests} (total ${result.total}, ${result.items} on the page)`,
        );
      }
    } finally {
      await server.stop();
    }
    largest = { file, creatorId: creatorIds.all };
  }

  const [small, large] = sizes;
  const missed = [];
  console.log(
    `Task lists: median latency of page 1, ${requestsPerQuery} sequential requests each (fewer when they take over ${secondsPerQuery} s) after ${warmUp} to warm up; built server, SQLite`,
  );
  console.log(
    `  ${'query'.padEnd(42)}${`${small.toLocaleString('en')} tasks`.padStart(13)}${`${large.toLocaleString('en')} tasks`.padStart(15)}${'ratio'.padStart(8)}  aim < 2`,
  );
  for (const query of queries) {
    const a = figures.get(`${query.name}@${small}`).median;
    const b = figures.get(`${query.name}@${large}`).median;
    const ratio = b / a;
    if (ratio >= 2) missed.push(query.name);
    console.log(
      `  ${query.name.padEnd(42)}${`${a.toFixed(2)} ms`.padStart(13)}${`${b.toFixed(2)} ms`.padStart(15)}${ratio.toFixed(2).padStart(8)}  ${ratio < 2 ? 'met' : 'MISSED'}`,
    );
  }
  if (missed.length > 0) {
    console.log(
      `  Missed for: ${missed.join('; ')}. The SQL of repository.ts on ${large.toLocaleString('en')} tasks, "my" as the creator "all" (median of 15, better-sqlite3):`,
    );
    for (const check of explainSql(largest.file, largest.creatorId)) {
      console.log(
        `    ${check.name.padEnd(22)} ${check.ms.toFixed(2).padStart(8)} ms  ${check.plan.join(' | ')}`,
      );
    }
  }
  console.log(`  whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
} finally {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
