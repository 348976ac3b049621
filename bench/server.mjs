// Starts the built server (dist/server/main.js) for a benchmark: a random high port, a fresh
// DATA_DIR, APP_URL set to the address it listens on. Needs `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const entry = path.resolve('dist/server/main.js');

export async function startBuiltServer({ dataDir } = {}) {
  if (!fs.existsSync(entry)) {
    console.error('No build in dist/: run "npm run build" first.');
    process.exit(1);
  }
  const ownDataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-'));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: ownDataDir,
      APP_URL: baseUrl,
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
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
    if (performance.now() - started > 30_000) throw new Error('The server did not start in 30 s');
    await sleep(20);
  }
  return {
    baseUrl,
    dataDir: ownDataDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!dataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
