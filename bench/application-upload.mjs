// A 10 MB PNG ID document submitted to the built server (POST /api/applications-v2): time per
// submission, and the server's peak resident memory (VmHWM) before and after. The document is
// streamed through encryption to disk, so the peak should not grow by the file's size.
// Needs `npm run build`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';

const entry = path.resolve('dist/server/main.js');
if (!fs.existsSync(entry)) {
  console.error('No build in dist/: run "npm run build" first.');
  process.exit(1);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of random pixels, stored without compression, so it is as large as it looks. */
function noisePng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++)
    rows.push(Buffer.concat([Buffer.alloc(1), randomBytes(width * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const memory = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { peakMb: kb('VmHWM'), rssMb: kb('VmRSS') };
};

const png = noisePng(1800, 1850);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-upload-'));
const port = 40000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [entry], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
    // Each submission says it comes from its own visitor (X-Forwarded-For), as behind a proxy, so
    // the limit of five an hour per address does not refuse the sixth.
    TRUST_PROXY: '127.0.0.1',
  },
  stdio: 'ignore',
});
const started = performance.now();
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) break;
  } catch {
    // not listening yet
  }
  if (performance.now() - started > 30_000)
    throw new Error('The server did not answer within 30 s');
  await sleep(20);
}
await sleep(2000);

function submission(n, document) {
  const form = new FormData();
  const fields = {
    firstName: 'Bench',
    lastName: `Applicant ${n}`,
    email: `bench${n}@example.com`,
    phone: '+1 305 555 0100',
    country: 'United States',
    city: 'Miami',
    state: 'Florida',
    socialAccounts: JSON.stringify([{ network: 'Instagram', handle: '@bench', followers: 1000 }]),
    documentType: 'passport',
    documentNumber: 'X1234567',
    personalMessage: 'A benchmark submission with a ten megabyte document, to measure the upload.',
    heardAboutUs: 'Other',
    language: 'en',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('idDocument', new Blob([document], { type: 'image/png' }), 'document.png');
  return form;
}

let submitted = 0;
/** One submission from its own address (the limit is five an hour per address); its time. */
async function submit(document) {
  const n = submitted++;
  const body = submission(n, document);
  const start = performance.now();
  const response = await fetch(`${base}/api/applications-v2`, {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`Submission ${n} answered ${response.status}`);
  return performance.now() - start;
}

const idle = memory(child.pid);
// A small document first, so what the large ones add can be told from warming up.
const small = noisePng(600, 580);
for (let n = 0; n < 5; n++) await submit(small);
const afterSmall = memory(child.pid);
const times = [];
for (let n = 0; n < 5; n++) times.push(await submit(png));
const afterLarge = memory(child.pid);
const concurrentStart = performance.now();
await Promise.all([0, 1, 2, 3, 4].map(() => submit(png)));
const concurrentMs = performance.now() - concurrentStart;
const afterConcurrent = memory(child.pid);

// One byte over the limit from another address: refused, and the upload cut off.
const tooLarge = Buffer.concat([png, Buffer.alloc(10_485_761 - png.length)]);
const refusedStart = performance.now();
let refused;
try {
  const response = await fetch(`${base}/api/applications-v2`, {
    method: 'POST',
    body: submission(99, tooLarge),
    headers: { 'x-forwarded-for': '198.51.100.200' },
  });
  refused = `${response.status}`;
} catch (error) {
  refused = `connection closed before the answer was read (${error.cause?.code ?? error.message})`;
}
const refusedMs = performance.now() - refusedStart;
const stored = fs
  .readdirSync(path.join(dataDir, 'storage', 'uploads'))
  .map((name) => fs.statSync(path.join(dataDir, 'storage', 'uploads', name)).size);

const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...times].sort((a, b) => a - b);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
const peak = (sample) => `${sample.peakMb.toFixed(1)} MB`;
console.log('ID document upload (built server, SQLite, AES-256-GCM to disk)');
console.log(`  document:                       ${png.length} bytes (${mb(png.length)} MB PNG)`);
console.log(
  `  time per submission:            median ${sorted[2].toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[4].toFixed(0)}) over 5 in a row`,
);
console.log(`  5 submissions at once:          ${concurrentMs.toFixed(0)} ms in all`);
console.log(
  `  stored files:                   ${stored.length}, the large ones ${Math.max(...stored)} bytes (encrypted)`,
);
console.log('  server peak memory (VmHWM):');
console.log(`    idle:                         ${peak(idle)}`);
console.log(`    after 5 x ${mb(small.length)} MB:             ${peak(afterSmall)}`);
console.log(
  `    after 5 x ${mb(png.length)} MB in a row:    ${peak(afterLarge)} (+${(afterLarge.peakMb - afterSmall.peakMb).toFixed(1)} MB)`,
);
console.log(
  `    after 5 x ${mb(png.length)} MB at once:     ${peak(afterConcurrent)} (+${(afterConcurrent.peakMb - afterLarge.peakMb).toFixed(1)} MB; held whole, 5 documents would be ${mb(5 * png.length)} MB)`,
);
console.log(`  10,485,761-byte document:       ${refused} in ${refusedMs.toFixed(0)} ms`);
