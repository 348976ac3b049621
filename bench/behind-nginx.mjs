// Requests per second of a signed-in call, GET /api/notifications, through nginx with
// deploy/nginx.conf (docs/deploy.md) in front of one built server process and in front of two, in
// one run: both on one fresh PostgreSQL database (bench/postgres.mjs) and one S3 bucket (s3rver),
// as the deployment runs them. Prints each figure and the ratio of two processes to one.
//
// Load comes from wrk (one thread, 32 connections) on 127.0.0.1; the two set-ups take turns over
// rounds and the ratio is the median of the rounds' own ratios, so a change in the machine's load
// falls on both. Every process, nginx and wrk share this machine's cores: on a two-core machine
// two processes cannot double the rate, the figure says how much of that a second one still
// brings. Needs nginx (Debian: `apt-get install -y nginx-light wrk`) and `npm run build`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { tsImport } from 'tsx/esm/api';
import { freshPostgresDatabase, postgresAnswers } from './postgres.mjs';
import { hasCommand, signIn, startBuiltServer } from './server.mjs';

const connections = 32;
const loadThreads = 1;
const rounds = 5;
const warmupSeconds = 2;
const measureSeconds = 5;
const path = '/api/notifications';

// On Node 20 the AWS SDK (the bucket's client here) warns of its releases after January 2027.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const { nginxBinary, startNginx } = await tsImport('../tests/support/nginx.ts', import.meta.url);
const { startS3Server, createTestBucket } = await tsImport(
  '../tests/support/s3.ts',
  import.meta.url,
);
if (!hasCommand(nginxBinary)) {
  console.log(
    `nginx is not installed (${nginxBinary}; Debian: apt-get install -y nginx-light): skipped.`,
  );
  process.exit(0);
}
if (!hasCommand('wrk')) {
  console.log('wrk is not installed (Debian: apt-get install -y wrk): skipped.');
  process.exit(0);
}

/**
 * Requests per second from wrk, which must get only 2xx answers and no socket errors (unless
 * `warmup`: the first requests of a process open its connections to the database).
 */
function wrk(url, cookie, seconds, { warmup = false } = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      [`-t${loadThreads}`, `-c${connections}`, `-d${seconds}s`, '-H', `Cookie: ${cookie}`, url],
      { encoding: 'utf8' },
      (error, stdout) => {
        if (error) return reject(error);
        if (warmup) return resolve(0);
        const failed = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
        if (failed) return reject(new Error(`${failed[1]} answers to ${url} were not 200`));
        const errors = /Socket errors: (.*)/.exec(stdout);
        if (errors) return reject(new Error(`Socket errors on ${url}: ${errors[1]}`));
        const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
        if (!rate) return reject(new Error(`wrk printed no rate:\n${stdout}`));
        resolve(Number(rate[1]));
      },
    );
  });
}

// Two processes share what one database holds: without PostgreSQL there is nothing to measure.
if (!(await postgresAnswers())) process.exit(0);
const database = await freshPostgresDatabase('agency_bench_nginx');

const started = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const s3Server = await startS3Server();
  started.push({ stop: () => s3Server.close() });
  const bucket = await createTestBucket(s3Server);
  const env = {
    DATABASE_URL: database.url,
    ...bucket.env,
    TRUST_PROXY: '127.0.0.1',
    DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    BACKUP_INTERVAL_HOURS: '0',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  // One after the other: the first migrates the new database and makes the administrator.
  const first = await startBuiltServer({ env });
  started.push(first);
  const second = await startBuiltServer({ env });
  started.push(second);
  const address = (server) => `127.0.0.1:${server.port}`;
  const one = await startNginx({ upstreams: [address(first)] });
  started.push(one);
  const two = await startNginx({ upstreams: [address(first), address(second)] });
  started.push(two);
  const cookie = await signIn(two.url);
  for (const nginx of [one, two]) {
    const answer = await fetch(`${nginx.url}${path}`, { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`${path} through nginx answered ${answer.status}`);
  }

  console.log(
    `Behind nginx: GET ${path} signed in, through deploy/nginx.conf, PostgreSQL and S3 (s3rver), ` +
      `wrk ${loadThreads} thread ${connections} connections, ${rounds} rounds of ${measureSeconds} s, ` +
      `${os.availableParallelism()} cores`,
  );
  // A new process is slow at first (its code not yet optimised, its database pool filling): both
  // are warmed through the two-process nginx before any round counts.
  await wrk(`${two.url}${path}`, cookie, 10, { warmup: true });
  const rates = { one: [], two: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, nginx] of [
      ['one', one],
      ['two', two],
    ]) {
      await wrk(`${nginx.url}${path}`, cookie, warmupSeconds, { warmup: true });
      rates[name].push(await wrk(`${nginx.url}${path}`, cookie, measureSeconds));
    }
    console.log(
      `  round ${round}: one process ${rates.one.at(-1).toFixed(0)} requests/s, ` +
        `two ${rates.two.at(-1).toFixed(0)} requests/s (${(rates.two.at(-1) / rates.one.at(-1)).toFixed(2)}×)`,
    );
  }
  const served = new Set(two.lines().map((line) => line.upstreams.at(-1)));
  if (served.size !== 2) throw new Error(`Only ${[...served].join(', ')} answered through nginx`);
  const ratio = median(rates.two.map((rate, index) => rate / rates.one[index]));
  console.log(`  one process:   ${median(rates.one).toFixed(0)} requests/s (median)`);
  console.log(`  two processes: ${median(rates.two).toFixed(0)} requests/s (median)`);
  console.log(`  two to one:    ${ratio.toFixed(2)}× (median of the rounds' ratios)`);
} finally {
  for (const service of started.reverse()) await service.stop().catch(() => {});
  await database.drop();
}
