import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BackupRunsTable } from '../db/schema.ts';

/** The queries of `backup_runs` (decision 0051). */

/** A run under way whose heartbeat is newer than `since`, if any. */
export function freshRunningRun(db: Db, since: Date) {
  return db
    .selectFrom('backupRuns')
    .select(['id', 'owner'])
    .where('status', '=', 'running')
    .where('heartbeatAt', '>', since.toISOString())
    .executeTakeFirst();
}

export async function insertRun(db: Db, row: Insertable<BackupRunsTable>): Promise<void> {
  await db.insertInto('backupRuns').values(row).execute();
}

/** Changes a run; `whileRunning` leaves one that has already ended as it is. */
export async function updateRun(
  db: Db,
  id: string,
  changes: Updateable<BackupRunsTable>,
  options: { whileRunning?: boolean } = {},
): Promise<void> {
  let query = db.updateTable('backupRuns').set(changes).where('id', '=', id);
  if (options.whileRunning) query = query.where('status', '=', 'running');
  await query.execute();
}

/** The newest successful run, and the newest run of all. */
export async function newestRuns(db: Db) {
  const [succeeded, latest] = await Promise.all([
    db
      .selectFrom('backupRuns')
      .select(['finishedAt', 'bytes'])
      .where('status', '=', 'succeeded')
      .orderBy('finishedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('backupRuns')
      .selectAll()
      .orderBy('startedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { succeeded, latest };
}
