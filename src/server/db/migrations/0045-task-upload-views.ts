import type { Kysely, Migration } from 'kysely';

/**
 * `task_uploads.view_key`: where the full-size JPEG made from a HEIC photo sits in storage, beside
 * the original, for browsers, which cannot show HEIC (decision 0044); null for every other file,
 * which is shown as it is, and for a photo none could be made from. Numbered after its decision:
 * areas built side by side reserve their numbers.
 */
export function taskUploadViewsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('task_uploads').addColumn('view_key', 'varchar(220)').execute();
    },
  };
}
