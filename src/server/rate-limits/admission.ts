import { randomUUID } from 'node:crypto';
import { lockKeys, oneAtATime } from '../db/locks.ts';
import { withTransaction, type Deps } from '../deps.ts';
import { deleteEvent, deleteEventsBefore, insertEvent, limitingEventTime } from './repository.ts';

/** How many requests of one kind one key (an address, an account) may make within a window. */
export interface RateLimit {
  /** The kind of request, as stored: 'application', 'password-reset', ... */
  action: string;
  limit: number;
  windowMs: number;
}

/** The answer of `admitRequest`. */
export interface Admission {
  /** 0 when admitted; otherwise the seconds until another is accepted (Retry-After). */
  retryAfter: number;
  /** Takes an admitted request's claim back, for a request that turned out not to count. */
  withdraw(): Promise<void>;
}

/**
 * Claims a request of `rule.action` from `key` before its work is done, and admits it, or, over
 * the limit, answers the seconds until another is accepted. Kept in the database
 * (`rate_limit_events`), so every server process and a restart see the same count.
 *
 * The decision is one transaction holding the key's lock (decision 0037): count the window,
 * insert the claim when there is room, commit. Requests under one key are decided one after
 * another, each seeing every claim before it, so a burst of parallel requests gets exactly
 * `limit` through, on SQLite and PostgreSQL alike. The clock is read under the lock, so the
 * claims' times follow the order they were made in, and the wait is counted from the right one.
 */
export function admitRequest(deps: Deps, rule: RateLimit, key: string): Promise<Admission> {
  const lockKey = `${rule.action}:${key}`;
  return oneAtATime(deps.db, [lockKey], async () => {
    // Old rows count for nothing; dropping them keeps the table at one window's worth. Outside
    // the database's lock: they are every key's, and no decision reads them.
    await deleteEventsBefore(deps.db, rule.action, windowStartOf(rule.windowMs, deps.clock()));
    const { retryAfter, claimId } = await withTransaction(deps, async ({ db, dialect, clock }) => {
      await lockKeys(db, dialect, [lockKey]);
      const now = clock();
      // The limit-th newest in the window: while it is there, one more is one too many.
      const limitingAt = await limitingEventTime(db, rule, key, windowStartOf(rule.windowMs, now));
      if (limitingAt) return { retryAfter: secondsUntilFree(limitingAt, rule.windowMs, now) };
      const id = randomUUID();
      await insertEvent(db, { id, action: rule.action, key, occurredAt: now.toISOString() });
      return { retryAfter: 0, claimId: id };
    });
    // Refused, it claimed nothing: there is nothing to take back.
    if (claimId === undefined) return { retryAfter, withdraw: async () => {} };
    return { retryAfter: 0, withdraw: () => deleteEvent(deps.db, claimId) };
  });
}

/** Where a window of `windowMs` ending `now` begins, as stored. */
export function windowStartOf(windowMs: number, now: Date): string {
  return new Date(now.getTime() - windowMs).toISOString();
}

/**
 * Seconds from `now` until a row counted at `countedAt` leaves a window of `windowMs`: at least
 * 1, and never more than the window (a parallel request's clock may run a moment ahead of ours).
 */
export function secondsUntilFree(countedAt: string, windowMs: number, now: Date): number {
  const freeAt = new Date(countedAt).getTime() + windowMs;
  const seconds = Math.ceil((freeAt - now.getTime()) / 1000);
  return Math.min(Math.ceil(windowMs / 1000), Math.max(1, seconds));
}
