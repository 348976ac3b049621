import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Resumable task uploads under way (decision 0028): one row per unfinished tus upload,
 * written when it is created, so a task's file limit counts the files on their way as well as
 * the files already there, and so an upload nobody finishes can be found and removed once it
 * expires. The row goes when the upload becomes a `task_uploads` row, is cancelled, or expires.
 */
export function taskUploadClaimsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('task_upload_claims')
        // The tus upload's own id, so its requests find their claim.
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('task_id', types.id, (c) =>
          c.notNull().references('tasks.id').onDelete('cascade'),
        )
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('file_size', 'bigint', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_upload_claims_task_user_index')
        .on('task_upload_claims')
        .columns(['task_id', 'user_id', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('task_upload_claims_expires_index')
        .on('task_upload_claims')
        .column('expires_at')
        .execute();
    },
  };
}
