import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export const sessionCookieName = 'sid';

/** 'Remember me' keeps a session 30 days; otherwise it ends with the browser or 12 hours idle. */
export const rememberedSessionMs = 30 * 24 * 60 * 60 * 1000;
export const idleSessionMs = 12 * 60 * 60 * 1000;
/** An idle session's expiry moves forward at most this often, not on every request. */
const idleExtensionStepMs = 60 * 1000;

interface SessionData {
  remember: boolean;
  createdAt: string;
}

/** The database keeps only a hash of the cookie's token, so a leaked table opens no session. */
function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiryFrom(now: Date, remember: boolean): Date {
  return new Date(now.getTime() + (remember ? rememberedSessionMs : idleSessionMs));
}

/** Starts a new session for the user; the returned token goes in the cookie, never in a body. */
export async function createSession(
  db: Db,
  userId: string,
  options: { remember: boolean; now?: Date },
): Promise<{ token: string; expires: Date }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expires = expiryFrom(now, options.remember);
  const data: SessionData = { remember: options.remember, createdAt: now.toISOString() };
  await db
    .insertInto('sessions')
    .values({
      sid: sessionId(token),
      userId,
      sess: JSON.stringify(data),
      expire: expires.toISOString(),
    })
    .execute();
  return { token, expires };
}

/**
 * The user id behind a cookie token, or undefined when the session is unknown or expired.
 * An idle (not remembered) session that is used moves its expiry forward.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  const sid = sessionId(token);
  const session = await db
    .selectFrom('sessions')
    .select(['userId', 'sess', 'expire'])
    .where('sid', '=', sid)
    .executeTakeFirst();
  if (!session) return undefined;
  if (new Date(session.expire) <= now) {
    await db.deleteFrom('sessions').where('sid', '=', sid).execute();
    return undefined;
  }
  const data = JSON.parse(session.sess) as SessionData;
  const extended = expiryFrom(now, false);
  if (
    !data.remember &&
    extended.getTime() - new Date(session.expire).getTime() > idleExtensionStepMs
  ) {
    await db
      .updateTable('sessions')
      .set({ expire: extended.toISOString() })
      .where('sid', '=', sid)
      .execute();
  }
  return session.userId;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sessionId(token)).execute();
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keepToken?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepToken) query = query.where('sid', '!=', sessionId(keepToken));
  await query.execute();
}

export async function sweepExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expire', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
