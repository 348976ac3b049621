// `npm run probe`: hostile requests and the checks that every acknowledged act completes exactly
// once, against the built server on 127.0.0.1, on SQLite and on PostgreSQL (PROBE_DATABASE_URL,
// or a fresh database on postgres://postgres@127.0.0.1:5432, dropped after; without one, SQLite
// only, said so). Per database: the encoded-path walk, at least 10,000 malformed requests, NUL
// and over-long text in every field and path parameter, JSON over 1 MB and nested deep,
// look-alike usernames, bursts against each limit, resumable uploads finished by parallel
// requests, created whole and left unfinished, pay corrected in parallel, the sweep of stray
// files, and kill -9 during user creations and pay publications with the mails counted after
// restart by a local SMTP server. Prints each database's figures and the first examples of each
// failure; exits 1 when a figure that must be zero is not. PROBE_SEED repeats a run (default 8).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { postgresTarget, sqliteTarget } from './probe/database.mjs';
import { prng } from './probe/http.mjs';
import { startMailCatcher } from './probe/mail.mjs';
import { probeDatabase } from './probe/per-database.mjs';
import { failing, printReport } from './probe/report.mjs';

const seed = Number(process.env.PROBE_SEED ?? 8);
// Per database, in seconds: the whole probe stays within about 12 minutes for both.
const budget = { walk: 20, malformed: 90, minimum: 10_000, crash: 100, crashRounds: 10 };
const started = performance.now();
const rand = prng(seed);

// The routes as the application registers them today (the source, through tsx).
const listed = JSON.parse(
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['bench/probe/list-routes.ts'], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }),
);
console.log(`Probe, seed ${seed}: ${listed.routes.length} routes (with HEAD and wildcards).`);

const targets = [sqliteTarget()];
const postgres = await postgresTarget(seed);
if (postgres.target) targets.push(postgres.target);
else console.log(`No PostgreSQL (${postgres.unavailable}): probing SQLite only.`);

const reports = [];
for (const target of targets) {
  const catcher = await startMailCatcher();
  const began = performance.now();
  console.log(`Probing ${target.label}...`);
  try {
    const result = await probeDatabase({ target, listed, seed, rand, budget, catcher });
    reports.push({
      label: target.label,
      seconds: Math.round((performance.now() - began) / 1000),
      ...result,
    });
  } finally {
    await catcher.close();
    await target.close();
  }
}

console.log(
  `\nProbe report (seed ${seed}, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
if (postgres.unavailable) console.log(`PostgreSQL not probed: ${postgres.unavailable}`);
for (const report of reports) printReport(report);
const failed = reports.flatMap((report) =>
  report.figures.filter(failing).map(([name]) => `${report.label}: ${name.trim()}`),
);
if (failed.length) console.log(`\nFailing: ${failed.join('; ')}`);
process.exitCode = failed.length ? 1 : 0;
