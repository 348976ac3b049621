import type { Kysely, Migration } from 'kysely';

/**
 * The bell's one statement (decision 0048) in index order on both databases: its latest
 * notifications walk `(user_id, created_at, id)` and stop after the page, where SQLite sorted every
 * notification of the person by id within equal times; its unread count reads
 * `(user_id, is_read)`'s unread entries alone, where it read each of the person's notifications
 * from the table. Both grew with every notification a person kept (decision 0070).
 */
export function notificationBellIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('notifications_user_created_index').execute();
      await db.schema
        .createIndex('notifications_user_created_index')
        .on('notifications')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('notifications_user_unread_index')
        .on('notifications')
        .columns(['user_id', 'is_read'])
        .execute();
    },
  };
}
