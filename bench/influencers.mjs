// GET /api/admin/influencers on the built server: median latency of the default page, of a search
// and of the earnings sort, with 1,000 and with 20,000 creators, each with 24 months of
// compensation (aim: the larger under twice the smaller; decision 0031). The months before this one
// are published, this month's is a draft; every fifth creator stopped being paid four months ago,
// so the filters and the 'active' count have something to tell apart. Rows are written straight
// into the database the server migrated (on SQLite in one transaction, on PostgreSQL a batch of
// creators per transaction, decision 0031), through the triggers that keep the compensation totals
// (migration 0010). Both sizes are served at once and asked in turn, request by request, so a
// machine busy with other work slows both alike and the ratio stays fair. SQLite always; PostgreSQL
// too when its server answers (bench/postgres.mjs: a database of its own is made there for each
// size, and dropped). Needs `npm run build:server`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fillPostgres, monthsOfCompensation, fillSqlite, searchWord } from './creators.mjs';
import { freshPostgresDatabase, postgresAnswers } from './postgres.mjs';
import { signIn, startBuiltServer } from './server.mjs';

const sizes = [1_000, 20_000];
const requestsPerQuery = 100;
// A query slower than this stops sooner (its median is then over fewer requests, as printed).
const secondsPerQuery = 8;
const warmUp = 15;
const queries = [
  { name: 'page 1 (by name)', url: '/api/admin/influencers' },
  { name: `?q=${searchWord}`, url: `/api/admin/influencers?q=${searchWord}` },
  { name: '?sort=earnings', url: '/api/admin/influencers?sort=earnings' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Medians of `url` on each server, asked in turn so both see the same load. */
async function timeInTurn(servers, url) {
  const get = async ({ baseUrl, cookie }) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return { ms, body };
  };
  for (let n = 0; n < warmUp; n++) for (const server of servers) await get(server);
  const times = servers.map(() => []);
  const last = [];
  const started = performance.now();
  for (let n = 0; n < requestsPerQuery; n++) {
    if (performance.now() - started > secondsPerQuery * servers.length * 1000) break;
    for (const [index, server] of servers.entries()) {
      last[index] = await get(server);
      times[index].push(last[index].ms);
    }
  }
  return servers.map((_, index) => ({
    median: median(times[index]),
    body: last[index].body,
    requests: times[index].length,
  }));
}

/** Migrates a fresh database through the server and fills it; the seconds the filling took. */
async function fill(database, size, now) {
  const setup = await startBuiltServer({ dataDir: database.dataDir, env: database.env });
  await setup.stop();
  const started = performance.now();
  if (database.dialect === 'sqlite') fillSqlite(path.join(database.dataDir, 'app.db'), size, now);
  else await fillPostgres(database.env.DATABASE_URL, size, now);
  return (performance.now() - started) / 1000;
}

/** Fills a database per size, serves them all, and times each query on each in turn. */
async function measure(databases) {
  const now = new Date();
  for (const [index, database] of databases.entries()) {
    const seconds = await fill(database, sizes[index], now);
    console.log(
      `  ${database.dialect}, ${sizes[index].toLocaleString('en')} creators: ${(sizes[index] * monthsOfCompensation).toLocaleString('en')} entries written in ${seconds.toFixed(1)} s`,
    );
  }
  const servers = [];
  try {
    for (const database of databases) {
      const server = await startBuiltServer({ dataDir: database.dataDir, env: database.env });
      servers.push(server);
      server.cookie = await signIn(server.baseUrl);
    }
    const figures = sizes.map(() => ({}));
    for (const query of queries) {
      const results = await timeInTurn(servers, query.url);
      for (const [index, result] of results.entries()) {
        figures[index][query.name] = result.median;
        const { totals, total, items } = result.body;
        console.log(
          `    ${`${sizes[index].toLocaleString('en')}, ${query.name}`.padEnd(28)} median ${result.median.toFixed(2).padStart(7)} ms of ${result.requests} (total ${total}, ${items.length} on the page; cards ${totals.totalInfluencers} / ${totals.activeThisMonth} active / ${totals.withEarnings} / $${totals.totalPayouts})`,
        );
      }
    }
    return figures;
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function withPostgresDatabase(work) {
  const database = await freshPostgresDatabase('agency_bench_creators');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-creators-'));
  try {
    return await work({ dialect: 'postgres', dataDir, env: { DATABASE_URL: database.url } });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

async function withSqliteDatabase(work) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-creators-'));
  try {
    return await work({ dialect: 'sqlite', dataDir, env: {} });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const runStarted = performance.now();
const dialects = [
  { name: 'SQLite', run: (work) => withSqliteDatabase(work) },
  ...((await postgresAnswers()) ? [{ name: 'PostgreSQL', run: withPostgresDatabase }] : []),
];
const summary = [];
for (const dialect of dialects) {
  const [smaller, larger] = await dialect.run((first) =>
    dialect.run((second) => measure([first, second])),
  );
  summary.push({ dialect: dialect.name, figures: { [sizes[0]]: smaller, [sizes[1]]: larger } });
}

const [small, large] = sizes;
console.log(
  `Creators overview (GET /api/admin/influencers): median latency, ${requestsPerQuery} sequential requests to each size in turn (fewer past ${secondsPerQuery} s a size) after ${warmUp} to warm up; built server, ${monthsOfCompensation} months of compensation per creator`,
);
console.log(
  `  ${'query'.padEnd(32)}${`${small.toLocaleString('en')} creators`.padStart(16)}${`${large.toLocaleString('en')} creators`.padStart(18)}${'ratio'.padStart(8)}  aim < 2`,
);
for (const { dialect, figures } of summary) {
  for (const query of queries) {
    const a = figures[small][query.name];
    const b = figures[large][query.name];
    const ratio = b / a;
    console.log(
      `  ${`${dialect}, ${query.name}`.padEnd(32)}${`${a.toFixed(2)} ms`.padStart(16)}${`${b.toFixed(2)} ms`.padStart(18)}${ratio.toFixed(2).padStart(8)}  ${ratio < 2 ? 'met' : 'MISSED'}`,
    );
  }
}
console.log(`  whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
