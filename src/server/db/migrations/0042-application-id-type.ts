import type { Kysely, Migration } from 'kysely';

/**
 * The ID type an applicant picked ("State ID", docs/product.md section 4). Several are stored as
 * the same document type (`national_id`), so without it a reviewer could not see the choice.
 * Numbered after its decision (0042): areas built side by side reserve their numbers.
 */
export function applicationIdTypeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('applications').addColumn('id_type', 'varchar(50)').execute();
    },
  };
}
