import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * What sign-in protection and forgotten passwords need beyond 0001: reset links (only a hash of
 * each token is kept) and failed sign-ins (kept in the database so every server process and a
 * restart see the same count).
 */
export function accountsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_index')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', types.id, (c) => c.primaryKey())
        // The account's id when it exists, otherwise the lowered name that was tried.
        .addColumn('account_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('address', 'varchar(100)', (c) => c.notNull())
        .addColumn('failed_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_failures_account_index')
        .on('sign_in_failures')
        .columns(['account_key', 'failed_at'])
        .execute();
      await db.schema
        .createIndex('sign_in_failures_address_index')
        .on('sign_in_failures')
        .columns(['address', 'failed_at'])
        .execute();
      await db.schema
        .createIndex('sign_in_failures_failed_index')
        .on('sign_in_failures')
        .column('failed_at')
        .execute();
    },
  };
}
