import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The look-alike rule (decision 0040) holds every account the app writes: each carries its
 * username's skeleton. Rows written by another tool straight into the table (an import, the
 * performance yardstick's seed of a thousand creators) carry the column's default, '', and the
 * second such row broke the unique index. The index now covers the rows that have a skeleton,
 * which are all the app's.
 */
export function usernameSkeletonIndexPartialMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_username_skeleton_unique').execute();
      await db.schema
        .createIndex('users_username_skeleton_unique')
        .on('users')
        .column('username_skeleton')
        .unique()
        .where(sql.ref('username_skeleton'), '<>', sql.lit(''))
        .execute();
    },
  };
}
