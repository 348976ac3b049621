// GET /api/admin/tasks and GET /api/tasks on the built server: median latency of each case (page 1,
// a common word, a rare word, a status filter, a content-type filter, page 2) with 1,000 and with
// 100,000 tasks (aim: the larger under twice the smaller; decision 0022), on SQLite and, when its
// server answers, on PostgreSQL too (bench/postgres.mjs: two databases made there and dropped
// after). Every task is assigned to one creator ("all"), the worst case of GET /api/tasks; a second
// creator ("typical") has 250 of them in both sizes, so their list shows whether the size of the
// table alone costs anything. The common word is in 15% of the tasks, so its matches grow with the
// table; the rare one is in 5 tasks whatever the size. Where a case misses the aim, the SQL that
// src/server/modules/tasks/list-repository.ts ran for it is printed with its plans and times
// (bench/task-list-queries.ts; BENCH_PLANS=all prints every case's).
// Needs the built server: `npm run build:server` is enough. Figures are medians of sequential
// requests on a machine that may be shared: compare ratios within one run, and repeat a run
// before concluding.
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgresDatabase, postgresAnswers } from './postgres.mjs';
import { signIn, startBuiltServer } from './server.mjs';

const sizes = [1_000, 100_000];
const requestsPerCase = 100;
// A case slower than this stops sooner (its median is then over fewer requests, as printed), so
// the whole run stays within a few minutes.
const secondsPerCase = 8;
const warmUp = 10;
// Starting on a 100,000-task database while the machine is shared can take a while.
const startTimeoutSeconds = 120;
const typicalCount = 250;
const commonWord = 'sunset';
const rareWord = 'lighthouse';
const rareCount = 5;
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
  commonWord,
];
const creatorPassword = 'bench-creator-password-1';
const printEveryPlan = process.env.BENCH_PLANS === 'all';

const cases = [
  ['page 1', 'page=1'],
  [`?q=${commonWord} (15%)`, `page=1&q=${commonWord}`],
  [`?q=${rareWord} (${rareCount})`, `page=1&q=${rareWord}`],
  ['?status=submitted', 'page=1&status=submitted'],
  ['?contentType=video', 'page=1&contentType=video'],
  ['page 2', 'page=2'],
];
const lists = [
  { list: 'admin', path: '/api/admin/tasks', as: 'admin' },
  { list: 'my tasks (all)', path: '/api/tasks', as: 'all' },
  { list: 'my tasks (typical)', path: '/api/tasks', as: 'typical' },
];
const queries = lists.flatMap(({ list, path: address, as }) =>
  cases.map(([name, search]) => ({ name: `${list}, ${name}`, url: `${address}?${search}`, as })),
);

/** A migrated database with the two creators made through the API; answers their ids. */
async function prepare(server) {
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
}

/**
 * The rows of `count` tasks, each assigned to the creator "all" and one in every (count / 250)
 * to "typical" too; `rareCount` of them, spread out, mention the rare word. The database's
 * triggers add the search index, the assignments' copies and the counts, as for any writer.
 */
function* seedRows(count, creatorIds, adminId) {
  // From 20 days overdue to 41 days ahead, but none due within the next two days: the server
  // sends its due-date reminders when it starts, and the lists are to be measured alone.
  const dueInDays = (n) => {
    const days = (n % 60) - 20;
    return days > 0 ? days + 2 : days;
  };
  const now = Date.now();
  const step = count / typicalCount;
  const rareStep = count / rareCount;
  for (let n = 0; n < count; n++) {
    const id = randomUUID();
    const title = `${words[n % words.length]} ${words[(n * 7 + 3) % words.length]} shoot ${n}`;
    const rare = n % rareStep === 7 ? ` Near the ${rareWord}.` : '';
    const description = `Shots for the ${words[(n * 13 + 5) % words.length]} campaign, number ${n}.${rare}`;
    const created = new Date(now - (count - n) * 60_000).toISOString();
    const status = statuses[n % statuses.length];
    const done = status === 'submitted' || status === 'completed' ? created : null;
    const task = [
      id,
      title,
      description,
      new Date(now + dueInDays(n) * 86_400_000).toISOString(),
      contentTypes[n % contentTypes.length],
      10,
      status,
      adminId,
      created,
      created,
      `${title} ${description}`.toLowerCase(),
    ];
    const assignment = (userId) => [
      randomUUID(),
      id,
      userId,
      status,
      done,
      status === 'completed' ? created : null,
      status === 'completed' ? adminId : null,
      created,
      created,
    ];
    const assignments = [assignment(creatorIds.all)];
    // One task in each block of `step`, at a place that moves, so its words and statuses vary.
    if (n % step === Math.floor(n / step) % Math.min(step, 60))
      assignments.push(assignment(creatorIds.typical));
    yield { task, assignments };
  }
}
const taskColumns = `id, title, description, due_date, content_type, max_files, status,
  created_by, created_at, updated_at, search_text`;
const assignmentColumns = `id, task_id, user_id, status, submitted_at, completed_at,
  completed_by, created_at, updated_at`;

function seedSqlite(file, creatorIds, count) {
  const db = new Database(file);
  const adminId = db.prepare(`select id from users where username = 'admin'`).get().id;
  const insertTask = db.prepare(
    `insert into tasks (${taskColumns}) values (${Array(11).fill('?').join(', ')})`,
  );
  const insertAssignment = db.prepare(
    `insert into task_assignments (${assignmentColumns}) values (${Array(9).fill('?').join(', ')})`,
  );
  db.transaction(() => {
    for (const { task, assignments } of seedRows(count, creatorIds, adminId)) {
      insertTask.run(task);
      for (const assignment of assignments) insertAssignment.run(assignment);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

async function seedPostgres(url, creatorIds, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const adminId = (await client.query(`select id from users where username = 'admin'`)).rows[0]
      .id;
    const insert = (table, columns, rows) => {
      const width = rows[0].length;
      const values = rows
        .map((_, r) => `(${rows[0].map((__, c) => `$${r * width + c + 1}`).join(', ')})`)
        .join(', ');
      return client.query(`insert into ${table} (${columns}) values ${values}`, rows.flat());
    };
    await client.query('begin');
    let tasks = [];
    let assignments = [];
    const flush = async () => {
      if (tasks.length) await insert('tasks', taskColumns, tasks);
      if (assignments.length) await insert('task_assignments', assignmentColumns, assignments);
      tasks = [];
      assignments = [];
    };
    for (const row of seedRows(count, creatorIds, adminId)) {
      tasks.push(row.task);
      assignments.push(...row.assignments);
      if (tasks.length === 1000) await flush();
    }
    await flush();
    await client.query('commit');
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One case on both sizes at once: a request to the smaller database's server, then one to the
 * larger's, and again, so that both medians are taken under the same load from the rest of the
 * machine.
 */
async function timeCase(servers, as, url) {
  const get = async ({ baseUrl, cookies }) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie: cookies[as] } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return { ms, total: body.total, items: body.items.length };
  };
  for (let n = 0; n < warmUp; n++) for (const server of servers) await get(server);
  const times = servers.map(() => []);
  const last = [];
  const started = performance.now();
  for (let n = 0; n < requestsPerCase; n++) {
    if (performance.now() - started > secondsPerCase * 1000) break;
    for (const [index, server] of servers.entries()) {
      last[index] = await get(server);
      times[index].push(last[index].ms);
    }
  }
  return servers.map((_, index) => ({
    median: median(times[index]),
    total: last[index].total,
    items: last[index].items,
    requests: times[index].length,
  }));
}

/** The repository's SQL, caught and explained (bench/task-list-queries.ts, bundled here). */
async function loadExplainer() {
  const outfile = path.resolve('dist/bench/task-list-queries.mjs');
  await build({
    entryPoints: ['bench/task-list-queries.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return (await import(outfile)).explainListCalls;
}

/** One dialect: both sizes seeded, then measured side by side; misses explained. */
async function runDialect(dialect) {
  const cleanUps = [];
  const servers = [];
  try {
    const databases = [];
    for (const size of sizes) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-lists-'));
      cleanUps.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl;
      if (dialect === 'postgres') {
        const database = await freshPostgresDatabase(`agency_bench_task_lists_${size}`);
        databaseUrl = database.url;
        cleanUps.push(database.drop);
      }
      const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
      const migrating = await startBuiltServer({ dataDir, env, startTimeoutSeconds });
      let creatorIds;
      try {
        creatorIds = await prepare(migrating);
      } finally {
        await migrating.stop();
      }
      const seedStarted = performance.now();
      if (databaseUrl) await seedPostgres(databaseUrl, creatorIds, size);
      else seedSqlite(path.join(dataDir, 'app.db'), creatorIds, size);
      console.log(
        `  ${dialect}, ${size.toLocaleString('en')} tasks: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );
      databases.push({
        dataDir,
        env,
        creatorIds,
        target: databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dataDir, 'app.db') },
      });
    }
    for (const database of databases) {
      const server = await startBuiltServer({
        dataDir: database.dataDir,
        env: database.env,
        startTimeoutSeconds,
      });
      servers.push(server);
      server.cookies = {
        admin: await signIn(server.baseUrl, 'admin', 'bench-password'),
        all: await signIn(server.baseUrl, 'creatorall', creatorPassword),
        typical: await signIn(server.baseUrl, 'creatortypical', creatorPassword),
      };
    }

    const [small, large] = sizes;
    const missed = [];
    console.log(
      `Task lists on ${dialect}: median latency of up to ${requestsPerCase} sequential requests a case and size (fewer when a case takes over ${secondsPerCase} s), the two sizes' servers asked in turn, after ${warmUp} each to warm up; built server`,
    );
    console.log(
      `  ${'case'.padEnd(40)}${`${small.toLocaleString('en')} tasks`.padStart(12)}${`${large.toLocaleString('en')} tasks`.padStart(15)}${'ratio'.padStart(7)}  aim < 2  (totals; requests)`,
    );
    for (const query of queries) {
      const [a, b] = await timeCase(servers, query.as, query.url);
      const ratio = b.median / a.median;
      if (ratio >= 2) missed.push(query);
      console.log(
        `  ${query.name.padEnd(40)}${`${a.median.toFixed(2)} ms`.padStart(12)}${`${b.median.toFixed(2)} ms`.padStart(15)}${ratio.toFixed(2).padStart(7)}  ${(ratio < 2 ? 'met' : 'MISSED').padEnd(7)}  (${a.total} / ${b.total}; ${b.requests})`,
      );
    }
    for (const server of servers.splice(0)) await server.stop();

    const explained = printEveryPlan ? queries : missed;
    if (explained.length > 0) {
      const largest = databases.at(-1);
      console.log(
        `  The SQL of list-repository.ts for ${printEveryPlan ? 'every case' : 'the cases that missed'}, on ${large.toLocaleString('en')} tasks (median ms of 15 on SQLite, EXPLAIN ANALYZE's on PostgreSQL):`,
      );
      const explainListCalls = await loadExplainer();
      const plans = await explainListCalls(
        largest.target,
        explained.map((query) => ({
          name: query.name,
          url: query.url,
          userId: query.as === 'admin' ? undefined : largest.creatorIds[query.as],
        })),
      );
      for (const [name, statements] of plans) {
        console.log(`    ${name}`);
        for (const statement of statements) {
          console.log(
            `      ${statement.ms.toFixed(2).padStart(8)} ms  ${statement.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
          );
          console.log(`                   ${statement.plan.join(' | ')}`);
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  }
}

const runStarted = performance.now();
await runDialect('sqlite');
if (await postgresAnswers()) await runDialect('postgres');
console.log(`whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
