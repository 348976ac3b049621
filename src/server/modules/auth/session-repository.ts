import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** The queries of `sessions`, by the hash of a cookie's token (`sid`). */

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The columns of a session's person that the API shows (`toUser`): the hash stays behind. */
const personColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.firstName',
  'users.lastName',
  'users.isAdmin',
  'users.preferredLanguage',
  'users.createdAt',
  'users.updatedAt',
] as const;

/**
 * A session with its person, in one query: every signed-in request asks this, so the person is
 * joined rather than read by a second round trip. No session, no row.
 */
export async function findSessionWithUser(db: Db, sid: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.sess', 'sessions.expire', ...personColumns])
    .where('sessions.sid', '=', sid)
    .executeTakeFirst();
}

export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

export async function setSessionExpiry(db: Db, sid: string, expire: string): Promise<void> {
  await db.updateTable('sessions').set({ expire }).where('sid', '=', sid).execute();
}

export async function deleteSessionById(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Every session of a user except, optionally, the one with `exceptSid`. */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  exceptSid?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', exceptSid);
  await query.execute();
}

/** Sessions expired at `now`; answers how many went. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expire', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
