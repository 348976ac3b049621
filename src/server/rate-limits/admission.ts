import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
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
 * Claims a request of `rule.action` from `key` at `now` (the application's clock) before its
 * work is done, and admits it, or, over the limit, answers the seconds until another is accepted,
 * taking the claim back. Kept in the database (`rate_limit_events`), so every server process and
 * a restart see the same count.
 *
 * The insert is the claim, and the count after it sees every claim already made: a request is
 * admitted only when, beside its own, fewer than `limit` are in the window. Among the requests
 * admitted, the one that inserted last saw every other, so even a burst of parallel requests gets
 * no more than `limit` through, on SQLite and PostgreSQL alike, without locks (decision 0015).
 */
export async function admitRequest(
  db: Db,
  rule: RateLimit,
  key: string,
  now: Date,
): Promise<Admission> {
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  // Old rows count for nothing; dropping them here keeps the table at one window's worth.
  await deleteEventsBefore(db, rule.action, windowStart);
  const id = randomUUID();
  await insertEvent(db, { id, action: rule.action, key, occurredAt: now.toISOString() });
  // The limit-th newest of the others in the window: while it is there, this one is one too many.
  // The wait comes from the same rows that refused it, even if parallel claims among them are
  // taken back a moment later.
  const limitingAt = await limitingEventTime(db, rule, key, windowStart, id);
  const withdraw = () => deleteEvent(db, id);
  if (!limitingAt) return { retryAfter: 0, withdraw };
  await withdraw();
  return {
    retryAfter: secondsUntilFree(limitingAt, rule.windowMs, now),
    withdraw: async () => {},
  };
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
