import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { TaskUploadClaimsTable } from '../../../db/schema.ts';

/**
 * The queries of `task_upload_claims`: resumable uploads under way, each holding its place in
 * its task's file limit until it finishes, is cancelled or expires (decision 0028).
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
 * claim (a finish and an expiry sweep) exactly one goes on.
 */
export async function deleteUploadClaim(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('taskUploadClaims').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The creator's uploads under way on a task that have not expired by `now`. */
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
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of claims that expired by `now`, oldest first, a batch at a time. */
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
