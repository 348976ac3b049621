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
     * Resolves once the server has stopped working on its own, so a measurement does not share
     * the machine with it: its start-up work in the background (rendering every page in every
     * language) done, its CPU time growing by less than 5 % of a core over a second (Linux).
     */
    async settled() {
      const cpuTicks = () => {
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        // utime and stime: the 14th and 15th fields of the whole line, in 1/100 s.
        return Number(fields[11]) + Number(fields[12]);
      };
      if (!fs.existsSync(`/proc/${child.pid}/stat`)) return;
      for (let last = cpuTicks(); ;) {
        await sleep(1000);
        const now = cpuTicks();
        if (now - last < 5) return;
        last = now;
      }
    },
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
