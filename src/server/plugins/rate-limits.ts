import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** How many requests of one kind one key (an address, an account) may make within a window. */
export interface RateLimit {
  /** The kind of request, as stored: 'application', 'password-reset', ... */
  action: string;
  limit: number;
  windowMs: number;
}

/**
 * Records a request of `rule.action` from `key` and answers 0, or, over the limit, the seconds
 * until another is accepted (Retry-After), recording nothing. Kept in the database
 * (`rate_limit_events`), so every server process and a restart see the same count.
 */
export async function admitRequest(
  db: Db,
  rule: RateLimit,
  key: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  // The oldest of the last `limit` requests in the window: while it is there, the limit holds.
  const limiting = await db
    .selectFrom('rateLimitEvents')
    .select('occurredAt')
    .where('action', '=', rule.action)
    .where('key', '=', key)
    .where('occurredAt', '>', windowStart)
    .orderBy('occurredAt', 'desc')
    .limit(1)
    .offset(rule.limit - 1)
    .executeTakeFirst();
  if (limiting) {
    const freeAt = new Date(limiting.occurredAt).getTime() + rule.windowMs;
    return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  }
  // Old rows count for nothing; dropping them here keeps the table at one window's worth.
  await db
    .deleteFrom('rateLimitEvents')
    .where('action', '=', rule.action)
    .where('occurredAt', '<=', windowStart)
    .execute();
  await db
    .insertInto('rateLimitEvents')
    .values({ id: randomUUID(), action: rule.action, key, occurredAt: now.toISOString() })
    .execute();
  return 0;
}

/** "1 minute", "15 minutes": a Retry-After in the words of a 429's message. */
export function minutesToWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
