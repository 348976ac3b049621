// A 200 MB video sent to a task over tus (POST/PATCH /api/uploads) with tus-js-client in Node, on
// the built server, through a local TCP relay that cuts every connection three times midway (at a
// quarter, half and three quarters of the file): the upload must finish with the same bytes
// (sha256 of what the server then serves), and its time is set against the same upload without
// cuts, in this run (decision 0028). Needs `npm run build`.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tus from 'tus-js-client';
import { signIn, startBuiltServer } from './server.mjs';

const MiB = 1024 * 1024;
const videoBytes = 200 * MiB;
const cutsAt = [0.25, 0.5, 0.75];

// ---- the video: an MP4 opening (ftyp, mdat header), then bytes that differ everywhere

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

async function writeVideo(file) {
  const header = mp4Header(videoBytes - 32);
  const hash = createHash('sha256');
  const out = fs.createWriteStream(file);
  const write = (bytes) => {
    hash.update(bytes);
    return new Promise((resolve, reject) =>
      out.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  };
  await write(header);
  for (let left = videoBytes - header.length; left > 0; left -= MiB) {
    await write(randomBytes(Math.min(MiB, left)));
  }
  await new Promise((resolve) => out.end(resolve));
  return hash.digest('hex');
}

// ---- a relay between the client and the server whose connections can be cut at will

async function startRelay(targetPort) {
  const open = new Set();
  let bytesUp = 0;
  const relay = net.createServer((client) => {
    const server = net.connect(targetPort, '127.0.0.1');
    open.add(client).add(server);
    const forget = () => open.delete(client) && open.delete(server);
    client.on('data', (chunk) => (bytesUp += chunk.length));
    client.pipe(server).on('error', () => {});
    server.pipe(client).on('error', () => {});
    for (const socket of [client, server]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        forget();
        client.destroy();
        server.destroy();
      });
    }
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${relay.address().port}`,
    /** Bytes the client has sent through the relay so far (requests and their bodies). */
    bytesUp: () => bytesUp,
    /** Cuts every connection at once, both ways, as a lost mobile network does. */
    cut() {
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise((resolve) => relay.close(resolve)),
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

async function prepareApp(baseUrl) {
  const admin = await signIn(baseUrl, 'admin', 'bench-password');
  const password = 'bench-creator-password-1';
  const creator = await api(baseUrl, admin, 'POST', '/api/admin/users', {
    username: 'benchcreator',
    email: 'creator@example.com',
    password,
    isAdmin: false,
  }).then((response) => response.json());
  const task = await api(baseUrl, admin, 'POST', '/api/admin/tasks', {
    title: 'Long video over a bad network',
    description: 'A 200 MB video from a phone that keeps losing its connection.',
    dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    contentType: 'video',
    maxFiles: 10,
    assignedUsers: [creator.id],
  }).then((response) => response.json());
  return { taskId: task.id, cookie: await signIn(baseUrl, 'benchcreator', password) };
}

/** The sha256 of a stored task file, as the server serves it. */
async function servedHash(baseUrl, cookie, fileUrl) {
  const response = await fetch(`${baseUrl}${fileUrl}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${fileUrl}: ${response.status}`);
  const hash = createHash('sha256');
  await pipeline(response.body, hash);
  return hash.digest('hex');
}

/**
 * Sends the file over tus through the relay, cutting the connections when the bytes sent pass
 * each of `cuts` (shares of the file). Answers the seconds it took and the task as the server
 * answered the finished upload.
 */
function upload({ relay, file, taskId, cookie, cuts }) {
  const left = [...cuts];
  let cutsMade = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(fs.createReadStream(file), {
      endpoint: `${relay.url}/api/uploads`,
      uploadSize: videoBytes,
      headers: { cookie },
      metadata: { taskId, filename: 'long-take.mp4', filetype: 'video/mp4' },
      // A fresh upload each run, not a resumption of the previous run's.
      storeFingerprintForResuming: false,
      retryDelays: [0, 500, 1000, 2000, 4000],
      onProgress(sent) {
        if (left.length > 0 && sent >= left[0] * videoBytes) {
          left.shift();
          cutsMade += 1;
          relay.cut();
        }
      },
      onSuccess({ lastResponse }) {
        resolve({
          seconds: (performance.now() - started) / 1000,
          cutsMade,
          task: JSON.parse(lastResponse.getBody()),
        });
      },
      onError: reject,
    });
    upload.start();
  });
}

// ---- the run

const rounds = 3;
const runStarted = performance.now();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-tus-'));
const file = path.join(workDir, 'long-take.mp4');
const expected = await writeVideo(file);
const server = await startBuiltServer();
const relay = await startRelay(server.port);
const results = { uninterrupted: [], cut: [] };
try {
  const { taskId, cookie } = await prepareApp(server.baseUrl);
  /** One upload, checked byte for byte and then deleted, so the disk holds one copy at a time. */
  const measure = async (name, cuts) => {
    const upBefore = relay.bytesUp();
    const { seconds, cutsMade, task } = await upload({ relay, file, taskId, cookie, cuts });
    const stored = task.uploads[task.uploads.length - 1];
    const hash = await servedHash(server.baseUrl, cookie, stored.fileUrl);
    if (stored.fileSize !== videoBytes) {
      throw new Error(`${name}: stored ${stored.fileSize} bytes, sent ${videoBytes}`);
    }
    if (hash !== expected) throw new Error(`${name}: the stored bytes differ (sha256 ${hash})`);
    if (cutsMade !== cuts.length) throw new Error(`${name}: ${cutsMade} cuts made`);
    await api(server.baseUrl, cookie, 'DELETE', `/api/tasks/${taskId}/uploads/${stored.id}`);
    const sentMb = (relay.bytesUp() - upBefore) / MiB;
    console.log(`  ${name}: ${seconds.toFixed(1)} s, ${sentMb.toFixed(1)} MB sent, same bytes`);
    return { seconds, sentMb };
  };
  // The first upload pays for first use (JIT, the disk still taking the video just written).
  await measure('warm-up, uninterrupted', []);
  for (let round = 1; round <= rounds; round++) {
    results.uninterrupted.push(await measure(`round ${round}, uninterrupted`, []));
    results.cut.push(await measure(`round ${round}, cut three times`, cutsAt));
  }
} finally {
  await relay.close();
  await server.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const plain = median(results.uninterrupted.map((result) => result.seconds));
const cut = median(results.cut.map((result) => result.seconds));
const resent = median(results.cut.map((result) => result.sentMb)) - videoBytes / MiB;
console.log(
  `Resumable upload: a ${videoBytes / MiB} MB MP4 over tus (tus-js-client in Node -> relay -> built server, SQLite, local disk)`,
);
console.log(
  `  uninterrupted:           median ${plain.toFixed(1)} s (${(videoBytes / MiB / plain).toFixed(0)} MB/s)`,
);
console.log(
  `  connection cut 3 times:  median ${cut.toFixed(1)} s, ${(cut / plain).toFixed(2)} x the uninterrupted time; ${resent.toFixed(1)} MB sent again (requests included)`,
);
console.log(
  `  every upload stored byte for byte as sent (sha256 ${expected.slice(0, 16)}…); ${rounds} rounds each, in turns; whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s`,
);
