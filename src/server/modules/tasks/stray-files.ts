import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimJobRound } from '../../db/job-rounds.ts';
import type { Deps } from '../../deps.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import type { StoredFileEntry } from '../../storage/storage.ts';
import { unfinishedUploadClaimIdsAmong } from './resumable-uploads/repository.ts';
import { resumableUploadFolder, uploadIdOfResumableKey } from './resumable-uploads/store.ts';
import { storedKeysOfTask } from './upload-repository.ts';

/**
 * Stored files of tasks that no row names, older than this, are removed (decision 0039). Bytes
 * and thumbnails are written before their row and a process can stop in between; no upload is
 * still being written this long after its last byte (a resumable one expires by then).
 */
export const strayFileAgeMs = 24 * 60 * 60 * 1000;

const sweepEveryMs = 60 * 60 * 1000;
const taskFileFolder = 'tasks';

/** Files under `tasks/<taskId>/` grouped by their task. */
function byTask(files: StoredFileEntry[]): Map<string, StoredFileEntry[]> {
  const groups = new Map<string, StoredFileEntry[]>();
  for (const file of files) {
    const taskId = file.key.split('/')[1] ?? '';
    groups.set(taskId, [...(groups.get(taskId) ?? []), file]);
  }
  return groups;
}

/** Task files and thumbnails older than `olderThan` that no upload of their task names. */
async function strayTaskFiles(deps: Deps, olderThan: Date): Promise<string[]> {
  const old = (await deps.storage.list(taskFileFolder, { recursive: true })).filter(
    (file) => file.modifiedAt < olderThan,
  );
  const stray: string[] = [];
  for (const [taskId, files] of byTask(old)) {
    const named = await storedKeysOfTask(deps.db, taskId);
    stray.push(...files.filter((file) => !named.has(file.key)).map((file) => file.key));
  }
  return stray;
}

/** Bytes and records of the tus store older than `olderThan` whose upload is not under way. */
async function strayResumableFiles(deps: Deps, olderThan: Date): Promise<string[]> {
  const old = (await deps.storage.list(resumableUploadFolder, { recursive: true })).filter(
    (file) => file.modifiedAt < olderThan,
  );
  const ids = [...new Set(old.map((file) => uploadIdOfResumableKey(file.key)))];
  const underWay = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const batch = await unfinishedUploadClaimIdsAmong(deps.db, ids.slice(start, start + 500));
    batch.forEach((id) => underWay.add(id));
  }
  return old.filter((file) => !underWay.has(uploadIdOfResumableKey(file.key))).map((f) => f.key);
}

/**
 * Removes the stored task files (originals, thumbnails, resumable uploads' bytes) that no row
 * wants and that are older than `strayFileAgeMs` by the application's clock. One process sweeps
 * per round (`claimJobRound`); the others answer null.
 */
export async function sweepStrayTaskFiles(deps: Deps): Promise<{ removed: string[] } | null> {
  const now = deps.clock();
  const job = 'stray-task-files';
  if (!(await claimJobRound(deps.db, { job, now, everyMs: sweepEveryMs }))) return null;
  const olderThan = new Date(now.getTime() - strayFileAgeMs);
  const removed = [
    ...(await strayTaskFiles(deps, olderThan)),
    ...(await strayResumableFiles(deps, olderThan)),
  ];
  for (const key of removed) await deps.storage.delete(key);
  return { removed };
}

/** Every process schedules the sweep; each round runs in one of them. */
export const strayFileSweep: FastifyPluginAsyncZod = async (app) => {
  runPeriodically(app, {
    name: 'Sweeping stray task files',
    everyMs: sweepEveryMs,
    run: async () => {
      const result = await sweepStrayTaskFiles(app.deps);
      if (result?.removed.length) {
        app.log.info({ files: result.removed.length }, 'Removed stored task files no row names');
      }
    },
  });
};
