import type { CompiledQuery, InferResult, Insertable } from 'kysely';
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
      ...personColumns,
      'twoFactorSecrets.enabledAt as twoFactorEnabledAt',
    ])
    .where('sessions.sid', '=', sid);

export type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

/** The statement of sessionWithUserQuery, built once per database handle: only `sid` changes. */
const compiledSessionQueries = new WeakMap<Db, CompiledQuery<SessionWithUser>>();

/**
 * A session with its person, in one query: every signed-in request asks this, so the person is
 * joined rather than read by a second round trip, and the statement is built and compiled once
 * rather than on every request. No session, no row. Nothing of the answer is kept.
 */
export async function findSessionWithUser(
  db: Db,
  sid: string,
): Promise<SessionWithUser | undefined> {
  let compiled = compiledSessionQueries.get(db);
  if (!compiled) {
    compiled = sessionWithUserQuery(db, '').compile();
    compiledSessionQueries.set(db, compiled);
  }
  const query: CompiledQuery<SessionWithUser> = { ...compiled, parameters: [sid] };
  const { rows } = await db.executeQuery(query);
  return rows[0];
}

export async function setSessionExpiry(db: Db, sid: string, expire: string): Promise<void> {
  await db.updateTable('sessions').set({ expire }).where('sid', '=', sid).execute();
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
