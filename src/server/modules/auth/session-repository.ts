import type { InferResult, Insertable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';
import { shownUserColumns } from '../users/repository.ts';

/** The queries of `sessions`, by the hash of a cookie's token (`sid`). */

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

// The second factor comes along (decision 0052): whether one is in force decides what an
// administrator may reach while REQUIRE_ADMIN_2FA is on, on every request.
const sessionWithUserQuery = (db: Db, sid: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('twoFactorSecrets', 'twoFactorSecrets.userId', 'sessions.userId')
    .select([
      'sessions.sess',
      'sessions.expire',
      'sessions.lastSeenAt',
      ...shownUserColumns,
      'twoFactorSecrets.enabledAt as twoFactorEnabledAt',
    ])
    .where('sessions.sid', '=', sid);

export type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

const sessionWithUser = compiledOnce(sessionWithUserQuery, 1);

/**
 * A session with its person, in one query: every signed-in request asks this, so the person is
 * joined rather than read by a second round trip, and the statement is built and compiled once
 * rather than on every request. No session, no row. Nothing of the answer is kept.
 */
export async function findSessionWithUser(
  db: Db,
  sid: string,
): Promise<SessionWithUser | undefined> {
  return (await sessionWithUser(db, sid))[0];
}

/** Moves a used session's expiry and its last use forward, in one statement. */
export async function touchSession(
  db: Db,
  sid: string,
  changes: { expire?: string; lastSeenAt?: string },
): Promise<void> {
  await db.updateTable('sessions').set(changes).where('sid', '=', sid).execute();
}

/** A person's sessions still in force at `now`, the most recently used first. */
export async function listSessionsOfUser(db: Db, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['sid', 'id', 'userAgent', 'createdAt', 'lastSeenAt'])
    .where('userId', '=', userId)
    .where('expire', '>', now)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id')
    .execute();
}

/** One of a person's sessions, by its public id; answers whether there was one to end. */
export async function deleteSessionOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Answers whose session it was; undefined when there was none. */
export async function deleteSessionById(db: Db, sid: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('sid', '=', sid)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}

/** Every session of a user except, optionally, the one with `exceptSid`; answers how many. */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  exceptSid?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', exceptSid);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions expired at `now`; answers how many went. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expire', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
