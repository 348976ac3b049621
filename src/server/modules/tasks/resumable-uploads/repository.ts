import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { TaskUploadClaimsTable } from '../../../db/schema-tasks.ts';

/**
 * The queries of `task_upload_claims`: resumable uploads, each holding its place in its task's
 * file limit until it finishes, is discarded or expires (decision 0028). A finished one keeps its
 * row, naming the file it became, until it expires, so a late request learns it finished
 * (decision 0039).
 */

export type UploadClaimRow = Selectable<TaskUploadClaimsTable>;

export async function insertUploadClaim(
  db: Db,
  row: Insertable<TaskUploadClaimsTable>,
): Promise<void> {
  await db.insertInto('taskUploadClaims').values(row).execute();
}

export function findUploadClaim(db: Db, id: string): Promise<UploadClaimRow | undefined> {
  return db.selectFrom('taskUploadClaims').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Removes a claim; answers whether this call removed it, so of two processes releasing the same
 * claim (a cancel and an expiry sweep) exactly one goes on.
 */
export async function deleteUploadClaim(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('taskUploadClaims').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes a claim that has not finished; answers whether this call removed it. */
export async function deleteUnfinishedUploadClaim(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('taskUploadClaims')
    .where('id', '=', id)
    .where('finishedUploadId', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The finish's claim: names the task upload an unfinished upload became, and answers whether
 * this call did. Of requests finishing one upload at once exactly one gets true; on PostgreSQL
 * the others wait on the row until that one's transaction ends.
 */
export async function markUploadClaimFinished(
  db: Db,
  { id, uploadId }: { id: string; uploadId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('taskUploadClaims')
    .set({ finishedUploadId: uploadId })
    .where('id', '=', id)
    .where('finishedUploadId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The creator's unfinished uploads on a task that have not expired by `now`, oldest first. */
export function liveUploadClaimsOf(
  db: Db,
  { taskId, userId, now }: { taskId: string; userId: string; now: string },
): Promise<UploadClaimRow[]> {
  return db
    .selectFrom('taskUploadClaims')
    .selectAll()
    .where('taskId', '=', taskId)
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .where('finishedUploadId', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** How many of the creator's unfinished uploads on a task hold a place at `now`. */
export async function countLiveUploadClaims(
  db: Db,
  taskId: string,
  userId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom('taskUploadClaims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('taskId', '=', taskId)
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .where('finishedUploadId', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of claims that expired by `now`, finished or not, oldest first, a batch at a time. */
export async function expiredUploadClaimIds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('taskUploadClaims')
    .select('id')
    .where('expiresAt', '<=', now)
    .orderBy('expiresAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Unfinished claims created at or before `createdBy`, of one creator's task or of everyone,
 * oldest first, a batch at a time after `afterId`.
 */
export async function unfinishedUploadClaimsCreatedBy(
  db: Db,
  filter: { createdBy: string; afterId: string; limit: number; taskId?: string; userId?: string },
): Promise<UploadClaimRow[]> {
  let query = db
    .selectFrom('taskUploadClaims')
    .selectAll()
    .where('createdAt', '<=', filter.createdBy)
    .where('finishedUploadId', 'is', null)
    .where('id', '>', filter.afterId);
  if (filter.taskId) query = query.where('taskId', '=', filter.taskId);
  if (filter.userId) query = query.where('userId', '=', filter.userId);
  return query.orderBy('id').limit(filter.limit).execute();
}

/** Which of these ids are unfinished claims (their bytes are still wanted). */
export async function unfinishedUploadClaimIdsAmong(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('taskUploadClaims')
    .select('id')
    .where('id', 'in', ids)
    .where('finishedUploadId', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
