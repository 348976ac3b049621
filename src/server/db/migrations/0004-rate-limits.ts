import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * One table for every "so many requests per window" limit (rate-limits/admission.ts): application
 * submissions per address, forgotten-password requests per address and their mails per account.
 * It replaces 0003's application_submissions; the counts of the hour before the upgrade go with
 * it, which costs nothing but a fresh window.
 */
export function rateLimitsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_events')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('action', 'varchar(50)', (c) => c.notNull())
        // An address, or an account's id.
        .addColumn('key', 'varchar(100)', (c) => c.notNull())
        .addColumn('occurred_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_events_key_index')
        .on('rate_limit_events')
        .columns(['action', 'key', 'occurred_at'])
        .execute();
      await db.schema.dropTable('application_submissions').execute();
    },
  };
}
