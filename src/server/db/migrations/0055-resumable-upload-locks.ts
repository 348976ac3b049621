import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Who is writing to a resumable upload (decision 0055): one row while a tus request holds the
 * upload, whichever process serves it. `expires_at` is the holder's lease, renewed while it
 * works, so a lock of a process that stopped passes to the next request; `release_requested` is
 * set by a request waiting for it, which the holder answers by ending its own.
 */
export function resumableUploadLocksMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('resumable_upload_locks')
        .addColumn('upload_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('holder', types.id, (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
