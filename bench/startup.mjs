// Start-up and idle memory of the built server: time from spawn to the first 200 from
// /api/health (fresh DATA_DIR, so migrations and the administrator are part of it, and again on
// the existing data); how long and how much CPU its start-up work in the background (rendering
// and compressing every page in every language) takes after that, which every process of a
// scale-out pays at each start and requests meanwhile share the machine with; and the server's
// resident memory once that is done, and once idle for good. Needs `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSeconds, processSettled } from './server.mjs';

const entry = path.resolve('dist/server/main.js');
if (!fs.existsSync(entry)) {
  console.error('No build in dist/: run "npm run build" first.');
  process.exit(1);
}

/** The server's resident memory now, in MB. */
function residentMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/**
 * How long after its start-up work a server is idle for good: the worker that renders pages
 * stops 30 s after its last page (src/server/pages/page-renderer.ts).
 */
const idleAfterSeconds = 40;

async function startOnce(dataDir, { staysIdle = false } = {}) {
  const port = 40000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000)
      throw new Error('The server did not answer within 30 s');
    await sleep(10);
  }
  const startupMs = performance.now() - started;
  await processSettled(child.pid);
  // processSettled() waits a quiet second after the work.
  const settledMs = performance.now() - started - 1000;
  const cpu = cpuSeconds(child.pid);
  const rssMb = residentMb(child.pid);
  if (staysIdle) await sleep(idleAfterSeconds * 1000);
  const idleRssMb = residentMb(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startupMs, settledMs, cpu, rssMb, idleRssMb };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-'));
const fresh = await startOnce(dataDir);
const warm = [];
for (let run = 0; run < 3; run++) warm.push(await startOnce(dataDir, { staysIdle: run === 2 }));
fs.rmSync(dataDir, { recursive: true, force: true });

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log('Server start-up (SQLite, built server)');
console.log(
  `  first start, empty DATA_DIR:   ${fresh.startupMs.toFixed(0)} ms to a 200 from /api/health`,
);
console.log(
  `  later starts (median of 3):    ${median(warm.map((run) => run.startupMs)).toFixed(0)} ms`,
);
console.log(
  `  start-up work done after:      ${(median(warm.map((run) => run.settledMs)) / 1000).toFixed(1)} s, ` +
    `${median(warm.map((run) => run.cpu)).toFixed(1)} s of CPU in all (median of the later starts)`,
);
console.log(
  `  resident memory:               ${median(warm.map((run) => run.rssMb)).toFixed(1)} MB, once that is done`,
);
console.log(
  `  idle resident memory:          ${warm[2].idleRssMb.toFixed(1)} MB, ${idleAfterSeconds} s later (the last start)`,
);
