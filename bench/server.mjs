// Starts the built server (dist/server/main.js, or the `entry` given) for a benchmark: a free
// local port, a fresh DATA_DIR (or the one given, which is then kept), APP_URL set to the address
// it listens on. `env` adds variables (the probe sets TRUST_PROXY). Needs `npm run build`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether the machine has the command `name` (wrk, nginx) on its PATH. */
export function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on or connects from now (a random pick can meet a client's own port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startBuiltServer({
  entry = path.resolve('dist/server/main.js'),
  dataDir,
  env = {},
  // A busy machine (a shared CI runner, tests running beside the benchmark) starts slower.
  startTimeoutSeconds = 30,
} = {}) {
  if (!fs.existsSync(entry)) {
    console.error(`No build at ${entry}: run "npm run build" first.`);
    process.exit(1);
  }
  const ownDataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: ownDataDir,
      APP_URL: baseUrl,
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    if (performance.now() - started > startTimeoutSeconds * 1000)
      throw new Error(`The server did not start in ${startTimeoutSeconds} s`);
    await sleep(20);
  }
  return {
    baseUrl,
    port,
    /** The server's process id (a benchmark reads its CPU time). */
    pid: child.pid,
    dataDir: ownDataDir,
    /** Ends the process at once (SIGKILL), as a crash would; the data dir is left as it is. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    /**
     * Resolves once the server has stopped working on its own (processSettled()), so a
     * measurement does not share the machine with its start-up work in the background.
     */
    settled: () => processSettled(child.pid),
    /** Whether the process is still running (a probe checks the server survived). */
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!dataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU seconds (user + system) a process and the processes it started have used so far, from
 * /proc; undefined where there is none (not Linux). nginx answers from its worker, the master's
 * child.
 */
export function cpuSeconds(pid) {
  try {
    const ticks = (id) => {
      const stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    };
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean);
    const total = [pid, ...children].reduce((sum, id) => sum + ticks(id), 0);
    return total / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  } catch {
    return undefined;
  }
}

/**
 * Resolves once a process has stopped working on its own, its CPU time growing by less than 5 %
 * of a core over a second: a server's start-up work in the background (rendering every page in
 * every language) is then done, and will not fall into a measure. Without /proc, waits 10 s.
 */
export async function processSettled(pid, timeoutSeconds = 180) {
  const started = performance.now();
  let before = cpuSeconds(pid);
  if (before === undefined) return sleep(10_000);
  while (performance.now() - started < timeoutSeconds * 1000) {
    await sleep(1000);
    const now = cpuSeconds(pid);
    if (now === undefined || now - before < 0.05) return;
    before = now;
  }
  throw new Error(`The process was still busy after ${timeoutSeconds} s`);
}

/** Signs in over the API and answers the session cookie (`sid=...`), as a browser sends it back. */
export async function signIn(baseUrl, username = 'admin', password = 'bench-password') {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${username}: ${response.status}`);
  const sid = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sid='))
    ?.split(';')[0];
  if (!sid) throw new Error('No session cookie after sign-in');
  return sid;
}
