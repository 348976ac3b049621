import type { Db } from '../db/database.ts';

/** The queries of `rate_limit_events`: one row per request counted under a limit. */

/** Drops an action's rows counted at or before `windowStart`: they count for nothing. */
export async function deleteEventsBefore(
  db: Db,
  action: string,
  windowStart: string,
): Promise<void> {
  await db
    .deleteFrom('rateLimitEvents')
    .where('action', '=', action)
    .where('occurredAt', '<=', windowStart)
    .execute();
}

export async function insertEvent(
  db: Db,
  event: { id: string; action: string; key: string; occurredAt: string },
): Promise<void> {
  await db.insertInto('rateLimitEvents').values(event).execute();
}

/** When the `limit`-th newest of the key's rows in the window was counted; undefined when fewer. */
export async function limitingEventTime(
  db: Db,
  rule: { action: string; limit: number },
  key: string,
  windowStart: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('rateLimitEvents')
    .select('occurredAt')
    .where('action', '=', rule.action)
    .where('key', '=', key)
    .where('occurredAt', '>', windowStart)
    .orderBy('occurredAt', 'desc')
    .limit(1)
    .offset(rule.limit - 1)
    .executeTakeFirst();
  return row?.occurredAt;
}

export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('rateLimitEvents').where('id', '=', id).execute();
}
