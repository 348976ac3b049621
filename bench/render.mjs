// Serving / from the render cache, against references sending the very same gzip bytes with the
// same content type: a bare Fastify process (bench/render-bare-server.mjs: no plugins, no hooks,
// no logger), the same process sending every other header ours sends too (the security headers,
// ETag, Vary, a request id), and nginx with one worker (gzip_static). Target: ours at 0.8 or more
// of bare Fastify sending the same answer, headers included (decision 0071: the security headers
// stay, and they alone make the gap to bare Fastify sending three); the ratios to bare Fastify
// without them and to nginx are printed beside it.
//
// Load comes from wrk (one thread, 16 connections, `Accept-Encoding: gzip`), on 127.0.0.1 only,
// bounded in time; the servers take turns over rounds, and each ratio is the median of the
// rounds' own ratios, so a change in the machine's load falls on all of them. On Linux it also
// prints each server's CPU time (user + system) per request, which a busy machine skews far less
// than requests per second. Without wrk, autocannon is used if it is installed; without nginx,
// that reference is left out. Debian: `apt-get install -y wrk nginx-light`.
//
// Builds nothing: uses dist/ (`npm run build` first; run it under the build lock when others
// may be building).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSeconds, freePort, hasCommand, processSettled, startBuiltServer } from './server.mjs';

const connections = 16;
// One thread making the load leaves the other core of a two-core machine to the server measured.
const loadThreads = 1;
const rounds = 5;
const warmupSeconds = 1;
const measureSeconds = 3;
const target = 0.8;

/** One answer as it comes over the wire: status, headers and the body's bytes, not decoded. */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function waitUntilAnswering(url, child, name) {
  const started = performance.now();
  for (;;) {
    try {
      await getRaw(url, {});
      return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (performance.now() - started > 15_000) throw new Error(`${name} did not start in 15 s`);
    await sleep(20);
  }
}

/** Starts a process that serves / and ends it with `stop()`. */
async function startReference(name, command, args, port) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${baseUrl}/`, child, name);
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startBareFastify(gzipFile, contentType, otherHeaders = {}) {
  const port = await freePort();
  return startReference(
    'The bare Fastify process',
    process.execPath,
    [
      path.resolve('bench/render-bare-server.mjs'),
      gzipFile,
      String(port),
      contentType,
      'gzip',
      JSON.stringify(otherHeaders),
    ],
    port,
  );
}

/** Headers of an answer that each server makes itself, or that say how the body is sent. */
const ownHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
  'content-encoding',
]);

/** nginx with one worker, serving index.html.gz for / to a client that accepts gzip. */
async function startNginx(dir) {
  const port = await freePort();
  for (const sub of ['temp', 'logs']) fs.mkdirSync(path.join(dir, sub));
  const temp = path.join(dir, 'temp');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  types { text/html html; }
  charset utf-8;
  keepalive_requests 1000000;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/site;
    location = / {
      gzip_static on;
      try_files /index.html =404;
    }
  }
}
`,
  );
  return startReference(
    'nginx',
    'nginx',
    ['-p', dir, '-e', path.join(dir, 'logs/error.log'), '-c', path.join(dir, 'nginx.conf')],
    port,
  );
}

/** Requests per second (and how many) from wrk, which must get only 200s. */
function wrk(url, seconds) {
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      [`-t${loadThreads}`, `-c${connections}`, `-d${seconds}s`, '-H', 'Accept-Encoding: gzip', url],
      { encoding: 'utf8' },
      (error, stdout) => {
        if (error) return reject(error);
        const failed = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
        if (failed) return reject(new Error(`${failed[1]} answers to ${url} were not 200`));
        const errors = /Socket errors: (.*)/.exec(stdout);
        if (errors) return reject(new Error(`Socket errors on ${url}: ${errors[1]}`));
        const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
        const count = /(\d+) requests in/.exec(stdout);
        if (!rate || !count) return reject(new Error(`wrk printed no rate:\n${stdout}`));
        resolve({ rate: Number(rate[1]), count: Number(count[1]) });
      },
    );
  });
}

/** The same measure from autocannon, in worker threads, when wrk is missing. */
async function autocannonLoad() {
  let autocannon;
  try {
    autocannon = (await import('autocannon')).default;
  } catch {
    return undefined;
  }
  return async (url, seconds) => {
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      workers: loadThreads,
      headers: { 'accept-encoding': 'gzip' },
    });
    if (result.non2xx || result.errors)
      throw new Error(`${result.non2xx} non-200 answers and ${result.errors} errors on ${url}`);
    return { rate: result.requests.average, count: result.requests.total };
  };
}

let load = wrk;
let loadName = `wrk (${loadThreads} thread)`;
if (!hasCommand('wrk')) {
  console.log('wrk is not installed (Debian: apt-get install -y wrk).');
  load = await autocannonLoad();
  loadName = `autocannon (${loadThreads} worker)`;
  if (!load) {
    console.log('autocannon is not installed either: skipping the render benchmark.');
    process.exit(0);
  }
  console.log('Using autocannon instead; its figures are not comparable with wrk’s.');
}
const withNginx = hasCommand('nginx');
if (!withNginx) {
  console.log('nginx is not installed (Debian: apt-get install -y nginx-light): no nginx figure.');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-render-'));
// nginx's worker may run as another user: it must be able to read the site.
fs.chmodSync(dir, 0o755);
const started = [];
try {
  const ours = await startBuiltServer({ dataDir: path.join(dir, 'data') });
  started.push(ours);
  // Its start-up rendering of every page runs in the background: not while it is measured.
  await ours.settled();
  const pageUrl = `${ours.baseUrl}/`;
  // The first request renders the page; the ones measured take it from the cache.
  const page = await getRaw(pageUrl, { 'accept-encoding': 'gzip' });
  const identity = await getRaw(pageUrl, { 'accept-encoding': 'identity' });
  if (page.status !== 200 || page.headers['content-encoding'] !== 'gzip')
    throw new Error(`/ answered ${page.status} ${page.headers['content-encoding'] ?? 'unencoded'}`);
  const contentType = page.headers['content-type'];
  await processSettled(ours.pid);
  const site = path.join(dir, 'site');
  fs.mkdirSync(site, { mode: 0o755 });
  fs.writeFileSync(path.join(site, 'index.html'), identity.body, { mode: 0o644 });
  fs.writeFileSync(path.join(site, 'index.html.gz'), page.body, { mode: 0o644 });

  const servers = [['ours', ours.baseUrl, ours.pid]];
  const bare = await startBareFastify(path.join(site, 'index.html.gz'), contentType);
  started.push(bare);
  servers.push(['bare Fastify', bare.baseUrl, bare.pid]);
  // The same, also sending every other header ours sends (the security headers, ETag, Vary, a
  // request id): what those headers cost, which no change to the render path takes away.
  const pageHeaders = Object.fromEntries(
    Object.entries(page.headers).filter(([name]) => !ownHeaders.has(name)),
  );
  const bareWithHeaders = await startBareFastify(
    path.join(site, 'index.html.gz'),
    contentType,
    pageHeaders,
  );
  started.push(bareWithHeaders);
  servers.push(['bare + headers', bareWithHeaders.baseUrl, bareWithHeaders.pid]);
  if (withNginx) {
    const nginx = await startNginx(dir);
    started.push(nginx);
    servers.push(['nginx', nginx.baseUrl, nginx.pid]);
  }
  for (const [name, baseUrl] of servers.slice(1)) {
    const copy = await getRaw(`${baseUrl}/`, { 'accept-encoding': 'gzip' });
    if (
      !copy.body.equals(page.body) ||
      copy.headers['content-type'] !== contentType ||
      copy.headers['content-encoding'] !== 'gzip'
    )
      throw new Error(`${name} does not send the bytes and content type / is sent with`);
  }

  const results = new Map(servers.map(([name]) => [name, { rates: [], cpu: [] }]));
  for (let round = 0; round < rounds; round++) {
    // Each round starts with another server, so none always comes first or last.
    const shift = round % servers.length;
    for (const [name, baseUrl, pid] of [...servers.slice(shift), ...servers.slice(0, shift)]) {
      await load(`${baseUrl}/`, warmupSeconds);
      const cpuBefore = cpuSeconds(pid);
      const { rate, count } = await load(`${baseUrl}/`, measureSeconds);
      const cpuAfter = cpuSeconds(pid);
      results.get(name).rates.push(rate);
      if (cpuBefore !== undefined && cpuAfter !== undefined)
        results.get(name).cpu.push(((cpuAfter - cpuBefore) * 1e6) / count);
    }
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const perRound = (name, key) => {
    const ours = results.get('ours')[key];
    return median(results.get(name)[key].map((value, round) => ours[round] / value));
  };
  console.log(
    `Serving / from the render cache (${(page.body.length / 1024).toFixed(1)} KB gzip), ${loadName}, ` +
      `${connections} connections, ${rounds} rounds of ${measureSeconds} s, medians`,
  );
  for (const [name, { rates, cpu }] of results) {
    const cpuText = cpu.length ? `, ${median(cpu).toFixed(1).padStart(5)} µs CPU/request` : '';
    console.log(
      `  ${(name + ':').padEnd(16)}${median(rates).toFixed(0).padStart(7)} requests/s${cpuText}  ` +
        `(rounds: ${rates.map((rate) => rate.toFixed(0)).join(', ')})`,
    );
  }
  for (const name of servers.slice(1).map(([name]) => name)) {
    const ratio = perRound(name, 'rates');
    const verdict =
      name === 'bare + headers'
        ? ` (target ${target.toFixed(2)} or more${ratio >= target ? '' : ': MISSED'})`
        : '';
    const cpu = results.get(name).cpu.length
      ? `; CPU per request: ${perRound(name, 'cpu').toFixed(2)}`
      : '';
    console.log(`  ours / ${name}: ${ratio.toFixed(2)} requests/s${verdict}${cpu}`);
  }
} finally {
  for (const server of started.reverse()) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
