import type { Kysely, Migration } from 'kysely';

/**
 * `users_created_index`: the users list's own order (newest first, then id), so its page is an
 * index walk that stops after 25 rows instead of a sort of every account (decision 0048). The
 * count beside it reads the smallest index on its own.
 */
export function userListIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('users_created_index')
        .on('users')
        .columns(['created_at desc', 'id'])
        .execute();
    },
  };
}
