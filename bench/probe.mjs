// `npm run probe`: hostile requests against the built server on 127.0.0.1, bounded in count and
// time. The encoded-path walk of every route, at least 10,000 malformed requests (JSON, paths,
// headers, methods, multipart), a burst of parallel sign-ins, and kill -9 restarts during writes on
// SQLite. Prints the counts and the first examples of each failure; exits 1 when a count that must
// be zero is not. PROBE_SEED repeats a run (default 8).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startBuiltServer } from './server.mjs';
import { crashRestarts, createUser, signIn } from './probe/crash.mjs';
import { createTally, judge, nextAddress, pool, prng, send } from './probe/http.mjs';
import { malformedCases } from './probe/malformed.mjs';
import { multipartCases } from './probe/multipart.mjs';
import { encodedPathWalk } from './probe/walk.mjs';

const seed = Number(process.env.PROBE_SEED ?? 8);
const minimumMalformed = 10_000;
const crashRounds = 20;
const started = performance.now();
const seconds = (s) => started + s * 1000;
const env = { TRUST_PROXY: 'true' };
const rand = prng(seed);

// The routes as the application registers them today (the source, through tsx).
const listed = JSON.parse(
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['bench/probe/list-routes.ts'], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }),
);
// 5 failures per account and address (docs/product.md, section 10), if the source does not say.
const { routes, applicationFields, signInLimit = 5 } = listed;
console.log(`Probe, seed ${seed}: ${routes.length} routes (with HEAD and wildcards).`);

const server = await startBuiltServer({ env });
const { port } = server;
const adminCookie = await signIn(port, 'admin', 'bench-password');
const creatorName = `probe-creator-${seed}`;
const creator = await createUser(port, adminCookie, creatorName, 'creator-password-1');
if (!creator.id) throw new Error(`Creating the creator answered ${creator.response.status}`);
const creatorCookie = await signIn(port, creatorName, 'creator-password-1');

// 1. The encoded-path walk, anonymously and as a creator.
const walkTally = createTally();
const walk = await encodedPathWalk({
  port,
  routes,
  callers: { anonymous: undefined, creator: creatorCookie },
  tally: walkTally,
  rand,
  deadline: seconds(50),
});
console.log(
  `Walk: ${walkTally.sent} requests${walk.stopped ? ' (stopped at its time limit)' : ''}.`,
);

// 2. Malformed requests, at least 10,000, 8 at a time.
const malformedTally = createTally();
const multipart = multipartCases({ applicationFields, rand, rounds: 25 });
const { cases } = malformedCases({
  routes,
  rand,
  cookies: { admin: adminCookie, creator: creatorCookie },
  minimum: minimumMalformed - multipart.length,
});
const all = [...cases, ...multipart];
const { skipped } = await pool(all, 8, seconds(170), async (request) => {
  judge(malformedTally, request, await send(port, request));
});
const alive =
  server.isRunning() && (await send(port, { method: 'GET', target: '/api/health' })).status === 200;
if (!alive)
  malformedTally.fail('server down', {
    method: '-',
    path: '-',
    status: 0,
    note: 'not answering after the malformed requests',
  });
console.log(
  `Malformed: ${malformedTally.sent} requests (${multipart.length} multipart)${skipped ? `, ${skipped} skipped at the time limit` : ''}.`,
);

// 3. A burst of parallel wrong passwords for one account, from one address.
const burstTally = createTally();
const burstName = `probe-burst-${seed}`;
if (alive) await createUser(port, adminCookie, burstName);
const burstAddress = nextAddress();
const burst = await Promise.all(
  Array.from({ length: 100 }, async () => {
    const request = {
      method: 'POST',
      target: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': burstAddress },
      body: JSON.stringify({ username: burstName, password: 'wrong-password' }),
    };
    return judge(burstTally, request, await send(port, request));
  }),
);
const burst401 = burst.filter((response) => response.status === 401).length;
const burst429 = burst.filter((response) => response.status === 429).length;
await server.stop();

// 4. kill -9 during writes, then the database file.
const crash = await crashRestarts({ rounds: crashRounds, rand, deadline: seconds(280), env });

// The report.
const tallies = [walkTally, malformedTally, burstTally];
const total = (kind) => tallies.reduce((sum, tally) => sum + tally.count(kind), 0);
const pastLimit = Math.max(0, burst401 - signInLimit);
const figures = [
  ['requests sent', tallies.reduce((sum, tally) => sum + tally.sent, 0), false],
  ['  of which the encoded-path walk', walkTally.sent, false],
  [
    '  of which malformed (multipart among them)',
    `${malformedTally.sent} (${multipart.length})`,
    false,
  ],
  ['5xx', total('5xx'), true],
  ['hangs (no answer in 10 s)', total('hangs'), true],
  ['leaks of internals', total('leaks'), true],
  ['wrong 2xx', total('wrong 2xx'), true],
  ['guard skipped (answered past the guard, not 2xx)', total('guard skipped'), true],
  ['server down after the malformed requests', total('server down'), true],
  [`sign-in burst: 401 / 429 of 100 (limit ${signInLimit})`, `${burst401} / ${burst429}`, false],
  ['sign-in guesses past the limit', pastLimit, true],
  [`kill -9 rounds (of ${crashRounds})`, crash.rounds, false],
  ['acknowledged writes', crash.acknowledged, false],
  ['lost writes', crash.lost.length, true],
  ['integrity_check', crash.integrity, false],
  ['failed restarts', crash.restartFailures.length, true],
];
const failing = figures.filter(([, value, mustBeZero]) => mustBeZero && value !== 0);
const integrityFailed = crash.integrity !== 'ok';

const line = ({ method, path: target, status, case: what, note }) =>
  [status || 'no answer', method, target, what && `[${what}]`, note && `-- ${note}`]
    .filter(Boolean)
    .join(' ');

console.log(
  `\nProbe report (seed ${seed}, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
for (const [name, value, mustBeZero] of figures) {
  const flag =
    (mustBeZero && value !== 0) || (name === 'integrity_check' && integrityFailed)
      ? '  <-- FAIL'
      : '';
  console.log(`  ${name.padEnd(52)} ${String(value).padStart(8)}${flag}`);
}
console.log(`  statuses (walk):      ${JSON.stringify(walkTally.statuses)}`);
console.log(`  statuses (malformed): ${JSON.stringify(malformedTally.statuses)}`);
console.log(`  statuses (burst):     ${JSON.stringify(burstTally.statuses)}`);
for (const [phase, tally] of [
  ['walk', walkTally],
  ['malformed', malformedTally],
  ['burst', burstTally],
]) {
  for (const [kind, examples] of Object.entries(tally.examples)) {
    console.log(`\n  ${kind} (${phase}), first ${examples.length} of ${tally.count(kind)}:`);
    for (const example of examples) console.log(`    ${line(example)}`);
  }
  for (const [kind, { count, examples }] of Object.entries(tally.notes)) {
    console.log(
      `\n  noted, not failing: ${kind} (${phase}), first ${examples.length} of ${count}:`,
    );
    for (const example of examples) console.log(`    ${line(example)}`);
  }
}
if (crash.lost.length)
  console.log(`\n  lost writes, first 5: ${JSON.stringify(crash.lost.slice(0, 5))}`);
if (crash.restartFailures.length)
  console.log(`\n  failed restarts: ${crash.restartFailures.join('; ')}`);
if (crash.writeErrors)
  console.log(
    `\n  writes refused during the crash rounds (not counted as lost): ${crash.writeErrors}`,
  );

process.exitCode = failing.length || integrityFailed ? 1 : 0;
