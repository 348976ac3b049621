import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverEntry = path.resolve('dist/server/main.js');

export interface BuiltServer {
  baseUrl: string;
  /** The server's DATA_DIR: fixtures open its SQLite file to seed data directly. */
  dataDir: string;
  /** Stops the server (SIGTERM, as a host would) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/** The built server (dist/), as `npm start` runs it, on a random port with a temporary DATA_DIR. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!fs.existsSync(serverEntry)) {
    throw new Error('No build found in dist/. Run "npm run build" first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'));
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'info',
      // As behind the agency's proxy: each browser context says which visitor it is
      // (X-Forwarded-For, tests/support/browser.ts), so per-address limits count each visitor
      // apart instead of the whole run sharing 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
  // Keep draining the logs so the server never blocks on a full pipe.
  server.stdout.resume();
  server.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
