// A backup of a data folder with 1 GiB of stored files and 100,000 rows, on the built server
// (SQLite): `npm run backup`'s time and peak memory, then the server's own backup ('Back up
// now') with the server's peak memory, and the server's request rate during each against the
// rate without a backup, in one run (aim: at least 0.8x; decision 0051). The load is signed-in
// requests that read the database (the administrators' user list and the session check), from 8
// connections at once. Needs `npm run build:server`. BENCH_BACKUP_MIB sets the stored size
// (default 1024). Figures from a shared machine: compare the ratios within one run.
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, startBuiltServer } from './server.mjs';

const storedMiB = Number(process.env.BENCH_BACKUP_MIB ?? 1024);
const fileMiB = 8;
const rows = 100_000;
const connections = 8;
const baselineSeconds = 10;

const server = await startBuiltServer({
  env: { BACKUP_INTERVAL_HOURS: '0', ADMIN_USERNAME: 'bench_admin' },
  startTimeoutSeconds: 120,
});
const { baseUrl, dataDir } = server;

try {
  // 100,000 rows: notifications of the administrator, written beside the running server.
  const database = new Database(path.join(dataDir, 'app.db'));
  database.pragma('busy_timeout = 10000');
  const admin = database.prepare('select id from users where is_admin = 1').get();
  const insert = database.prepare(
    `insert into notifications (id, user_id, title, message, type, related_id, is_read, created_at)
     values (?, ?, ?, ?, 'system', null, 0, ?)`,
  );
  database.transaction(() => {
    for (let n = 0; n < rows; n++) {
      insert.run(
        randomUUID(),
        admin.id,
        `Notice ${n}`,
        `Benchmark notice number ${n}, long enough to look like a real message.`,
        new Date(Date.now() - n * 1000).toISOString(),
      );
    }
  })();
  database.close();

  // 1 GiB of stored files, as task videos are kept.
  const folder = path.join(dataDir, 'storage', 'uploads');
  fs.mkdirSync(folder, { recursive: true });
  const block = randomBytes(fileMiB * 1024 * 1024);
  for (let n = 0; n < storedMiB / fileMiB; n++) {
    block.writeUInt32BE(n, 0);
    fs.writeFileSync(path.join(folder, `${randomUUID()}.mp4`), block);
  }
  // On disk before anything is measured: the kernel's write-back would slow the baseline.
  execFileSync('sync');

  const cookie = await signIn(baseUrl, 'bench_admin');

  /** Requests per second from `connections` loops until `until()` says stop. */
  async function load(until) {
    let done = 0;
    let failed = 0;
    const started = performance.now();
    const urls = ['/api/admin/users?page=1', '/api/auth/user'];
    await Promise.all(
      Array.from({ length: connections }, async (_, lane) => {
        for (let n = lane; !until(); n++) {
          const answer = await fetch(`${baseUrl}${urls[n % urls.length]}`, { headers: { cookie } });
          await answer.arrayBuffer();
          if (answer.status === 200) done++;
          else failed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { rate: done / seconds, failed, seconds };
  }
  const forSeconds = (seconds) => {
    const end = performance.now() + seconds * 1000;
    return () => performance.now() >= end;
  };

  await load(forSeconds(2)); // warm-up
  const before = await load(forSeconds(baselineSeconds));

  // 1. `npm run backup`, its own process, beside the serving server.
  let cliDone = false;
  const cliStarted = performance.now();
  const cli = new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        'data:text/javascript,process.on("exit",()=>process.stderr.write("MAXRSS "+process.resourceUsage().maxRSS+"\\n"))',
        'src/server/backups/backup-cli.ts',
      ],
      {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => {
      cliDone = true;
      if (code === 0) resolve({ stdout, stderr, seconds: (performance.now() - cliStarted) / 1000 });
      else reject(new Error(`npm run backup exited with ${code}: ${stderr}`));
    });
  });
  const duringCli = await load(() => cliDone);
  const cliRun = await cli;
  const cliRss = Number(/MAXRSS (\d+)/.exec(cliRun.stderr)?.[1] ?? 0) / 1024;

  // 2. The server's own backup ('Back up now'), in the serving process.
  const serverPeak = () =>
    Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) /
    1024;
  const rssBefore = Number(
    /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] / 1024,
  );
  const peakBefore = serverPeak();
  const started = await fetch(`${baseUrl}/api/admin/backups`, {
    method: 'POST',
    headers: { cookie },
  });
  if (started.status !== 202) throw new Error(`Back up now answered ${started.status}`);
  const serverStarted = performance.now();
  let serverDone = false;
  let serverBackup;
  const watch = (async () => {
    for (;;) {
      const answer = await fetch(`${baseUrl}/api/admin/dashboard`, { headers: { cookie } });
      const { system } = await answer.json();
      if (!system.backup.running) {
        serverDone = true;
        serverBackup = system.backup;
        return (performance.now() - serverStarted) / 1000;
      }
      await sleep(250);
    }
  })();
  const duringServer = await load(() => serverDone);
  const serverSeconds = await watch;
  if (serverBackup.failure || !serverBackup.last) {
    throw new Error(`The server's backup failed: ${JSON.stringify(serverBackup.failure)}`);
  }

  // Without a backup again, after both: the machine may be shared, so the baseline is the mean.
  const after = await load(forSeconds(baselineSeconds));
  const baseline = { rate: (before.rate + after.rate) / 2 };

  const mib = (bytes) => (bytes / 1024 ** 2).toFixed(0);
  const ratio = (during) => (during.rate / baseline.rate).toFixed(2);
  console.log(
    `Backup of ${storedMiB} MiB of stored files and ${rows.toLocaleString('en')} rows (SQLite)`,
  );
  console.log(
    `  requests/s without a backup: ${baseline.rate.toFixed(0)} (${before.rate.toFixed(0)} before, ${after.rate.toFixed(0)} after)`,
  );
  console.log(
    `  npm run backup: ${cliRun.seconds.toFixed(1)} s, ${mib(serverBackup.last.bytes)} MiB written, ` +
      `peak memory ${cliRss.toFixed(0)} MiB; requests/s meanwhile ${duringCli.rate.toFixed(0)} ` +
      `(${ratio(duringCli)}x, aim >= 0.8x)${duringCli.failed ? `, ${duringCli.failed} failed` : ''}`,
  );
  console.log(
    `  Back up now (in the server): ${serverSeconds.toFixed(1)} s, server memory ${rssBefore.toFixed(0)} MiB ` +
      `before, peak ${Math.max(peakBefore, serverPeak()).toFixed(0)} MiB; requests/s meanwhile ` +
      `${duringServer.rate.toFixed(0)} (${ratio(duringServer)}x, aim >= 0.8x)` +
      `${duringServer.failed ? `, ${duringServer.failed} failed` : ''}`,
  );
} finally {
  await server.stop();
}
