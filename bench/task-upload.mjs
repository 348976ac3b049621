// A 1 GiB video through POST /api/tasks/{id}/upload on the built server: throughput as a ratio
// to a plain Node server that pipes the request into a file (both measured in this run, taken in
// turns), and the server's peak memory growth while it receives the file (aims: a ratio
// of at least 0.7, growth under 64 MB). The body is generated as a stream and never held whole.
// Needs `npm run build`.
//
// With `--s3` the app stores the file in a real S3-compatible server (s3rver, in a process of its
// own) and the reference is the AWS SDK uploading the same file's bytes straight to that server
// (its multipart `Upload` with the SDK's defaults). With `--postgres` the app's database is a fresh
// PostgreSQL one (bench/postgres.mjs), as deployed beside S3; otherwise SQLite in a fresh folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { freshPostgresDatabase, postgresAnswers } from './postgres.mjs';
import { signIn, startBuiltServer } from './server.mjs';

const MiB = 1024 * 1024;
const payloadBytes = 1024 * MiB;
const onS3 = process.argv.includes('--s3');
const postgres =
  process.argv.includes('--postgres') && (await postgresAnswers())
    ? await freshPostgresDatabase('agency_bench_upload')
    : undefined;
const rounds = 3;
const entryName = 'dist/server/main.js';

// ---- the request body: multipart head, an MP4 (ftyp box, mdat header, payload), closing boundary

/** An ISO-BMFF `ftyp` box with brand isom, as a camera's MP4 begins, and an `mdat` header. */
function mp4Header(payload) {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp42', 'ascii'),
  ]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8 + payload);
  mdat.write('mdat', 4, 'ascii');
  return Buffer.concat([ftyp, mdat]);
}

const chunk = randomBytes(MiB);

/** A multipart body with one file of `payload` bytes after its MP4 header: length and stream. */
function videoBody(payload) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const header = mp4Header(payload);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    yield header;
    for (let sent = 0; sent < payload; sent += chunk.length) {
      yield sent + chunk.length <= payload ? chunk : chunk.subarray(0, payload - sent);
    }
    yield tail;
  }
  async function* file() {
    for await (const part of parts()) if (part !== head && part !== tail) yield part;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + header.length + payload + tail.length,
    fileBytes: header.length + payload,
    stream: () => Readable.from(parts()),
    /** The file alone, as a client storing it without the app would send it. */
    fileStream: () => Readable.from(file()),
  };
}

/** Sends a body with node:http to 127.0.0.1; its status, answer and the seconds it took. */
async function send(url, { headers, body }) {
  const started = performance.now();
  const answer = new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-type': body.contentType, 'content-length': body.length },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.once('error', reject);
      response.once('end', () =>
        resolve({ status: response.statusCode, text: Buffer.concat(parts).toString('utf8') }),
      );
    });
    pipeline(body.stream(), request).catch(reject);
  });
  const result = await answer;
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

// ---- memory of a process, from /proc

function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** The pid of this process's child whose command line names `text` (startBuiltServer hides it). */
function childPid(text) {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (parent === process.pid && command.includes(text)) return Number(name);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`No child process running ${text}`);
}

/** Samples a process's resident memory every 50 ms until `stop()`; answers the highest seen. */
function sampleMemory(pid) {
  let highest = memoryMb(pid).rss;
  const timer = setInterval(() => {
    highest = Math.max(highest, memoryMb(pid).rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(highest, memoryMb(pid).rss);
    },
  };
}

// ---- the reference: a plain Node server that pipes the request into a file

const referenceSource = `
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
let n = 0;
const server = http.createServer((request, response) => {
  const out = fs.createWriteStream(path.join(process.env.BENCH_DIR, 'upload-' + n++));
  request.pipe(out);
  out.once('finish', () => response.end('ok'));
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startReference(dir) {
  const child = spawn(process.execPath, ['-e', referenceSource], {
    env: { PATH: process.env.PATH, BENCH_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`The reference server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---- with --s3: an S3-compatible server, and the AWS SDK uploading to it directly

const s3rverSource = `
const S3rver = require('s3rver');
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.BENCH_DIR })
  .run()
  .then(({ port }) => process.send(port));
`;

async function startS3(dir) {
  const child = spawn(process.execPath, ['-e', s3rverSource], {
    env: { PATH: process.env.PATH, BENCH_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const bucket = 'bench';
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let n = 0;
  return {
    env,
    /** The SDK storing the file's bytes under a key of its own, then deleting it: seconds. */
    async upload(body) {
      const Key = `reference-${n++}`;
      const started = performance.now();
      await new Upload({ client, params: { Bucket: bucket, Key, Body: body.fileStream() } }).done();
      const seconds = (performance.now() - started) / 1000;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      return seconds;
    },
    async stop() {
      client.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---- the app: an administrator, a creator and a video task

async function api(baseUrl, cookie, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function prepareApp(server) {
  const { baseUrl } = server;
  const admin = await signIn(baseUrl, 'admin', 'bench-password');
  const password = 'bench-creator-password-1';
  const creator = await api(baseUrl, admin, 'POST', '/api/admin/users', {
    username: 'benchcreator',
    email: 'creator@example.com',
    password,
    isAdmin: false,
  }).then((response) => response.json());
  const task = await api(baseUrl, admin, 'POST', '/api/admin/tasks', {
    title: 'Long video',
    description: 'A 1 GiB video, as a creator sends from a phone.',
    dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    contentType: 'video',
    maxFiles: 10,
    assignedUsers: [creator.id],
  }).then((response) => response.json());
  const cookie = await signIn(baseUrl, 'benchcreator', password);
  return {
    async upload(body) {
      const result = await send(`${baseUrl}/api/tasks/${task.id}/upload`, {
        headers: { origin: baseUrl, cookie },
        body,
      });
      if (result.status !== 200) throw new Error(`Upload: ${result.status} ${result.text}`);
      const uploads = JSON.parse(result.text).uploads;
      const stored = uploads[uploads.length - 1];
      if (stored.fileSize !== body.fileBytes) {
        throw new Error(`Stored ${stored.fileSize} bytes, sent ${body.fileBytes}`);
      }
      // Delete it at once, so the disk holds one copy at a time.
      await api(baseUrl, cookie, 'DELETE', `/api/tasks/${task.id}/uploads/${stored.id}`);
      return result.seconds;
    },
  };
}

// ---- the run

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const runStarted = performance.now();
const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-pipe-'));
const s3 = onS3 ? await startS3(referenceDir) : undefined;
const server = await startBuiltServer({
  env: {
    TASK_UPLOAD_MAX_BYTES: String(2 * 1024 * MiB),
    ...(s3 ? s3.env : {}),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  },
});
const reference = s3 ? undefined : await startReference(referenceDir);
const clearReference = () => {
  if (s3) return;
  for (const name of fs.readdirSync(referenceDir)) fs.rmSync(path.join(referenceDir, name));
};
/** The reference's seconds for one body: the SDK to S3, or the pipe-to-file server. */
const referenceUpload = async (body) =>
  s3 ? s3.upload(body) : (await send(reference.url, { headers: {}, body })).seconds;

const results = { reference: [], app: [], growth: [] };
let hwm;
try {
  const pid = childPid(entryName);
  const app = await prepareApp(server);
  // Warm both up with 16 MiB, so the first measured round does not pay for JIT and first use.
  const warm = videoBody(16 * MiB);
  await referenceUpload(warm);
  clearReference();
  await app.upload(warm);
  await sleep(500);

  const body = videoBody(payloadBytes);
  for (let round = 1; round <= rounds; round++) {
    const referenceSeconds = await referenceUpload(body);
    clearReference();
    // Each rate is of the video's bytes: the SDK sends them without the form around them.
    results.reference.push(body.fileBytes / MiB / referenceSeconds);

    const before = memoryMb(pid);
    const sampler = sampleMemory(pid);
    const appSeconds = await app.upload(body);
    const highest = sampler.stop();
    const after = memoryMb(pid);
    results.app.push(body.fileBytes / MiB / appSeconds);
    results.growth.push(highest - before.rss);
    hwm = { before: before.hwm, after: after.hwm, rssBefore: before.rss };
    console.log(
      `  round ${round}: reference ${referenceSeconds.toFixed(1)} s, app ${appSeconds.toFixed(1)} s, ` +
        `app RSS ${before.rss.toFixed(1)} -> peak ${highest.toFixed(1)} MB`,
    );
  }
} finally {
  await server.stop();
  await postgres?.drop();
  await (s3 ?? reference).stop();
  fs.rmSync(referenceDir, { recursive: true, force: true });
}

const referenceRate = median(results.reference);
const appRate = median(results.app);
const ratio = appRate / referenceRate;
const growth = Math.max(...results.growth);
const rates = (values) => values.map((value) => value.toFixed(0)).join(', ');
const verdict = (met) => (met ? 'met' : 'MISSED');
const database = postgres ? 'PostgreSQL' : 'SQLite';
console.log(
  `Task upload: a ${payloadBytes / MiB} MiB MP4 through POST /api/tasks/{id}/upload (built server, ${database}, ${s3 ? 'S3 (s3rver)' : 'local disk'})`,
);
console.log(
  `  ${s3 ? 'AWS SDK Upload straight to S3: ' : 'plain Node pipe-to-file server:'}  median ${referenceRate.toFixed(0)} MiB/s (${rates(results.reference)})`,
);
console.log(
  `  the app:                         median ${appRate.toFixed(0)} MiB/s (${rates(results.app)})`,
);
console.log(
  `  ratio app / reference:           ${ratio.toFixed(2)} (aim >= 0.7: ${verdict(ratio >= 0.7)})`,
);
console.log(
  `  app peak RSS growth (50 ms):     ${growth.toFixed(1)} MB over the RSS before the upload (aim < 64 MB: ${verdict(growth < 64)})`,
);
console.log(
  `  app VmHWM:                       ${hwm.before.toFixed(1)} MB before the last upload, ${hwm.after.toFixed(1)} MB after`,
);
console.log(
  `  ${rounds} rounds each, in turns; whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s`,
);
