import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server as `npm start` runs it (from source here), in its own process: on a DATA_DIR of
 * its own, unless `env` names one. Its output is kept; `listening` answers its port.
 */
export function startServerProcess(env: Record<string, string>) {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agency-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_PASSWORD: 'admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(Number(port));
    });
    void exited.then((code) => reject(new Error(`Server exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => {}); // a test that expects the exit does not wait for listening
  return { child, dataDir, exited, listening, output: () => ({ stdout, stderr }) };
}
