import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { lastSeenStepMs, type SignedInSession } from '../../../domain/auth.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit } from '../audit/repository.ts';
import { deviceOf } from './devices.ts';
import {
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  listSessionsOfUser,
  touchSession,
  type SessionWithUser,
} from './session-repository.ts';

export const sessionCookieName = 'sid';

/** 'Remember me' keeps a session 30 days; otherwise it ends with the browser or 12 hours idle. */
export const rememberedSessionMs = 30 * 24 * 60 * 60 * 1000;
export const idleSessionMs = 12 * 60 * 60 * 1000;
/** An idle session's expiry moves forward at most this often, not on every request. */
const idleExtensionStepMs = 60 * 1000;
/** The user agent a session keeps, to name its device; longer ones are cut. */
export const userAgentMaxLength = 300;

interface SessionData {
  remember: boolean;
  createdAt: string;
}

/** The database keeps only a hash of the cookie's token, so a leaked table opens no session. */
export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiryFrom(now: Date, remember: boolean): Date {
  return new Date(now.getTime() + (remember ? rememberedSessionMs : idleSessionMs));
}

/**
 * Starts a new session for the user at `now` (the application's clock); the returned token goes
 * in the cookie, never in a body.
 */
export async function createSession(
  db: Db,
  userId: string,
  options: { remember: boolean; now: Date; userAgent?: string },
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = expiryFrom(options.now, options.remember);
  const now = options.now.toISOString();
  const data: SessionData = { remember: options.remember, createdAt: now };
  await insertSession(db, {
    sid: sessionId(token),
    id: randomUUID(),
    userId,
    sess: JSON.stringify(data),
    expire: expires.toISOString(),
    userAgent: options.userAgent?.slice(0, userAgentMaxLength) || null,
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, expires };
}

/**
 * The person behind a cookie token at `now` (their row, read with the session in one query), or
 * undefined when the session is unknown or expired. An idle (not remembered) session that is
 * used moves its expiry forward, and every used session its last use, each at most once a step. Nothing of it is kept between requests: a session ended by any
 * process (sign-out, a password change, expiry) is refused by the next request everywhere.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionWithUser | undefined> {
  const sid = sessionId(token);
  const session = await findSessionWithUser(db, sid);
  if (!session) return undefined;
  const expire = new Date(session.expire);
  if (expire <= now) {
    await deleteSessionById(db, sid);
    return undefined;
  }
  const data = JSON.parse(session.sess) as SessionData;
  const extended = expiryFrom(now, false);
  const changes: { expire?: string; lastSeenAt?: string } = {};
  if (!data.remember && extended.getTime() - expire.getTime() > idleExtensionStepMs) {
    changes.expire = extended.toISOString();
  }
  if (now.getTime() - new Date(session.lastSeenAt).getTime() > lastSeenStepMs) {
    changes.lastSeenAt = now.toISOString();
  }
  if (changes.expire || changes.lastSeenAt) await touchSession(db, sid, changes);
  return session;
}

/**
 * When the session of a cookie's token ends, at `now`; undefined when it has ended already. Read
 * without using it (an idle session's expiry stays): a live stream checks that its session still
 * holds.
 */
export async function sessionExpiry(db: Db, token: string, now: Date): Promise<Date | undefined> {
  const session = await findSessionWithUser(db, sessionId(token));
  const expire = session && new Date(session.expire);
  return expire && expire > now ? expire : undefined;
}

/** What ending sessions needs: the transaction, and the live events that tell every process. */
type EndingDeps = Pick<Deps, 'db' | 'live' | 'afterCommit'>;

/**
 * Ends the session of a cookie's token. Every ending of sessions is announced once it commits, so
 * the person's live streams in every process close at once (decision 0054).
 */
export async function deleteSession(deps: EndingDeps, token: string): Promise<void> {
  const userId = await deleteSessionById(deps.db, sessionId(token));
  if (userId) await deps.live.announce(deps, { kind: 'sessions-ended', userId });
}

/**
 * Ends every session of a user except, optionally, the one making the request. Answers how many
 * ended.
 */
export async function deleteOtherSessions(
  deps: EndingDeps,
  userId: string,
  keepToken?: string,
): Promise<number> {
  const ended = await deleteSessionsOfUser(
    deps.db,
    userId,
    keepToken ? sessionId(keepToken) : undefined,
  );
  if (ended > 0) await deps.live.announce(deps, { kind: 'sessions-ended', userId });
  return ended;
}

/** Drops the sessions expired at `now`: the periodic sweep. Answers how many went. */
export function sweepExpiredSessions(db: Db, now: Date): Promise<number> {
  return deleteExpiredSessions(db, now.toISOString());
}

/** A person's sessions in force, the one of `currentToken` marked. */
export async function listSessions(
  deps: Deps,
  { userId, currentToken }: { userId: string; currentToken: string },
): Promise<SignedInSession[]> {
  const current = sessionId(currentToken);
  const rows = await listSessionsOfUser(deps.db, userId, deps.clock().toISOString());
  return rows.map(({ sid, userAgent, ...row }) => ({
    ...row,
    current: sid === current,
    userAgent,
    ...deviceOf(userAgent),
  }));
}

/**
 * Ends one of a person's sessions by its id. Only theirs can match; one already ended (a second
 * tap, another tab) is no error. Answers whether it was the one making the request.
 */
export async function endSession(
  deps: Deps,
  { userId, id, currentToken }: { userId: string; id: string; currentToken: string },
): Promise<{ wasCurrent: boolean }> {
  const current = (await listSessionsOfUser(deps.db, userId, deps.clock().toISOString())).find(
    (row) => row.sid === sessionId(currentToken),
  );
  if (await deleteSessionOfUser(deps.db, userId, id)) {
    await deps.live.announce(deps, { kind: 'sessions-ended', userId });
  }
  return { wasCurrent: current?.id === id };
}

/**
 * Ends every session of `person` but `keepToken`'s (the one making the request, when it is
 * theirs), recorded in the audit log with `actor` when any ended. Answers how many ended.
 */
export async function endOtherSessions(
  deps: Deps,
  {
    person,
    actor,
    keepToken,
  }: {
    person: { id: string; username: string };
    actor: { id: string; username: string };
    keepToken?: string;
  },
): Promise<{ ended: number }> {
  const ended = await withTransaction(deps, async (deps) => {
    const count = await deleteOtherSessions(deps, person.id, keepToken);
    if (count > 0) {
      await recordAudit(deps, {
        actor,
        kind: 'auth.sessions_ended',
        subject: { type: 'user', id: person.id },
        params: { username: person.username, count },
      });
    }
    return count;
  });
  return { ended };
}
