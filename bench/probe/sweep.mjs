// The sweep of stray task files (decision 0039): stored files no row names, older than 24 hours,
// are removed by an hourly round that one process claims in job_rounds, run at start-up and then
// every hour. Stray files are planted beside the task files the earlier checks stored (under a
// task, under a task that does not exist, in the tus store), every file is aged 25 hours with
// fs.utimes, and the server is restarted: first as it is (the round claimed at the first start
// is not due for an hour), then with the round made due, as an hour on would make it.
import fs from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from '../server.mjs';

const job = 'stray-task-files';
const dayAndAnHour = 25 * 60 * 60 * 1000;

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath ?? entry.path, entry.name)));
}

function plantStrayFiles(storage, taskId) {
  const planted = [
    `tasks/${taskId}/probe-stray-original.mp4`,
    `tasks/${taskId}/probe-stray-thumbnail.webp`,
    'tasks/00000000-0000-4000-8000-00000000dead/probe-stray.mp4',
    'resumable-uploads/probe-stray-upload',
    'resumable-uploads/probe-stray-upload.json',
  ];
  for (const key of planted) {
    fs.mkdirSync(path.dirname(path.join(storage, key)), { recursive: true });
    fs.writeFileSync(path.join(storage, key), 'bytes a stopped process left');
  }
  return planted;
}

/** Starts the server, waits for the sweep a start runs (or `waitMs`), stops it. */
async function restart(target, env, until, waitMs = 5000) {
  const server = await startBuiltServer({
    dataDir: target.dataDir,
    env: { ...env, ...target.env },
  });
  const started = performance.now();
  while (!until() && performance.now() - started < waitMs)
    await new Promise((r) => setTimeout(r, 100));
  await server.stop();
}

/** Call with the server stopped. Answers [name, value, mustBeZero] figures. */
export async function strayFileSweep({ target, env, taskId }) {
  const storage = path.join(target.dataDir, 'storage');
  const rows = await target.rows(
    'select file_key, thumbnail_key from task_uploads where file_key is not null',
  );
  const named = rows.flatMap((row) => [row.file_key, row.thumbnail_key]).filter(Boolean);
  const planted = plantStrayFiles(storage, taskId);
  const old = new Date(Date.now() - dayAndAnHour);
  for (const file of filesUnder(storage)) fs.utimesSync(path.join(storage, file), old, old);
  const present = () => planted.filter((key) => fs.existsSync(path.join(storage, key)));

  await restart(target, env, () => present().length === 0, 1000);
  const afterPlainRestart = present().length;
  const due = await target.rows('update job_rounds set next_round_at = ? where job = ?', [
    new Date(Date.now() - 60_000).toISOString(),
    job,
  ]);
  await restart(target, env, () => present().length === 0);
  const left = present().length;
  const namedGone = named.filter((key) => !fs.existsSync(path.join(storage, key))).length;
  return [
    [
      `stray files planted, aged 25 h: left after a restart within the hour`,
      `${planted.length}: ${afterPlainRestart}`,
      false,
    ],
    [`  left after a restart with the round due (${due[0]?.changes ?? 0} round moved)`, left, true],
    [`  files rows name (${named.length}, aged 25 h) removed`, namedGone, true],
  ];
}
