import type { Insertable, Selectable } from 'kysely';
import type { Page } from '../../../domain/lists.ts';
import type { Notification, NotificationPageQuery } from '../../../domain/notifications.ts';
import type { Db } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { pageOf } from '../../db/lists.ts';
import type { NotificationsTable } from '../../db/schema.ts';

/**
 * A notification's columns, named rather than `*`: on SQLite a statement that names its columns
 * skips the schema check every `*` costs (decision 0073).
 */
const notificationColumns = [
  'id',
  'userId',
  'title',
  'message',
  'type',
  'relatedId',
  'isRead',
  'createdAt',
] as const satisfies readonly (keyof NotificationsTable)[];

export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    message: row.message,
    type: row.type,
    relatedId: row.relatedId,
    isRead: Boolean(row.isRead),
    createdAt: row.createdAt,
  };
}

/** Newest first; the id breaks ties between notifications made in the same millisecond. */
export async function insertNotification(db: Db, row: Insertable<NotificationsTable>) {
  await db.insertInto('notifications').values(row).execute();
}

/**
 * The person's latest notifications, newest first, and how many of all theirs are unread, in one
 * statement: the count rides beside each row as an uncorrelated subquery, computed once. With no
 * notification at all there is no row, and nothing is unread.
 */
const latestWithUnreadCount = compiledOnce(
  (db: Db, userId: string, limit: number) =>
    db
      .selectFrom('notifications')
      .select(notificationColumns)
      .select((eb) =>
        eb
          .selectFrom('notifications as unread')
          .select(eb.fn.countAll<number | string>().as('n'))
          .where('unread.userId', '=', userId)
          .where('unread.isRead', '=', false)
          .as('unreadCount'),
      )
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit),
  2,
);

export async function latestNotifications(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ notifications: Notification[]; unreadCount: number }> {
  const rows = await latestWithUnreadCount(db, userId, limit);
  return {
    notifications: rows.map(toNotification),
    unreadCount: rows.length > 0 ? Number(rows[0]!.unreadCount) : 0,
  };
}

/** One page of the person's notifications, newest first (the full list's screen). */
export async function pageNotifications(
  db: Db,
  userId: string,
  query: NotificationPageQuery,
): Promise<Page<Notification>> {
  return pageOf(
    db
      .selectFrom('notifications')
      .select(notificationColumns)
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
    query,
    toNotification,
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** False when the notification does not exist or belongs to someone else. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ isRead: true })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ isRead: true })
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .execute();
}

/** Whether a person was ever told about the thing `relatedId` names (a task they had, say). */
export async function wasToldAbout(db: Db, userId: string, relatedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', userId)
    .where('relatedId', '=', relatedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where a stream of the person's notifications stands: the last one it has seen, by its order. */
export interface NotificationCursor {
  id: string;
  createdAt: string;
}

/** One of the person's notifications; undefined when it is not there or not theirs. */
export async function findNotification(
  db: Db,
  userId: string,
  id: string,
): Promise<Notification | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(notificationColumns)
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && toNotification(row);
}

/** The person's newest notification's place, or null when they have none. */
export async function newestNotificationCursor(
  db: Db,
  userId: string,
): Promise<NotificationCursor | null> {
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The person's notifications that come after `cursor` in the lists' order (all of them after
 * null), oldest first, at most `limit`: what a stream that reconnects has not seen.
 */
export async function notificationsAfter(
  db: Db,
  userId: string,
  cursor: NotificationCursor | null,
  limit: number,
): Promise<Notification[]> {
  let query = db
    .selectFrom('notifications')
    .select(notificationColumns)
    .where('userId', '=', userId);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '>', cursor.createdAt),
        eb.and([eb('createdAt', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('createdAt', 'asc').orderBy('id', 'asc').limit(limit).execute();
  return rows.map(toNotification);
}
