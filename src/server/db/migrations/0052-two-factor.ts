import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Two-step sign-in (decision 0052). `two_factor_secrets`: a person's authenticator key, sealed
 * (`secret`, encrypted with a key derived from the ID documents' key), set up but not in force
 * until `enabled_at`; `last_used_step` is the TOTP time-step of the last code accepted, so a code
 * is taken once. `two_factor_recovery_codes`: the SHA-256 of each single-use recovery code.
 * `sign_in_challenges`: between the password step and the code step, the hash of the token in
 * the browser's cookie, for five minutes and one use.
 */
export function twoFactorMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('two_factor_secrets')
        .addColumn('user_id', types.id, (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('enabled_at', types.timestamp)
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('two_factor_recovery_codes')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .addUniqueConstraint('two_factor_recovery_codes_user_code_unique', ['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('sign_in_challenges')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('remember', 'boolean', (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_challenges_user_index')
        .on('sign_in_challenges')
        .column('user_id')
        .execute();
    },
  };
}
