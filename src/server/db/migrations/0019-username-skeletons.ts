import type { Kysely, Migration } from 'kysely';
import { usernameSkeleton } from '../../modules/users/look-alike.ts';

/**
 * Usernames unique under a look-alike comparison (decision 0040): `users.username_skeleton`, the
 * username's look-alike form, with a unique index, so the database refuses a second "demo_admin"
 * spelled with a Cyrillic "а" even when two requests race. The users repository writes it with
 * every username.
 *
 * Accounts already there get theirs here, oldest first. Should two existing usernames already
 * look alike, the older keeps the plain form and each younger one its form marked with its own
 * id after a line break, which no look-alike form holds: both keep their names, and no new
 * account can take either look.
 */
export function usernameSkeletonsMigration(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      // The table as it stands in this migration; the handle maps camelCase to snake_case.
      const db = untyped as Kysely<{
        users: { id: string; username: string; createdAt: string; usernameSkeleton: string };
      }>;
      await db.schema
        .alterTable('users')
        .addColumn('username_skeleton', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const users = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      const taken = new Set<string>();
      for (const { id, username } of users) {
        const plain = usernameSkeleton(username);
        const skeleton = taken.has(plain) ? `${plain}\n${id}` : plain;
        taken.add(skeleton);
        await db
          .updateTable('users')
          .set({ usernameSkeleton: skeleton })
          .where('id', '=', id)
          .execute();
      }
      await db.schema
        .createIndex('users_username_skeleton_unique')
        .on('users')
        .column('username_skeleton')
        .unique()
        .execute();
    },
  };
}
