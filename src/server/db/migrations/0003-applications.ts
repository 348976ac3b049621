import { sql, type Kysely, type Migration } from 'kysely';
import { languages } from '../../../domain/languages.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * What reviewing applications needs beyond 0001: the language each was made in (its mails answer
 * in it), when it was rejected (its document is deleted some days later), every note with its
 * author, every view of an ID document, and the submissions counted for the per-address limit.
 */
export function applicationsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('applications')
        .addColumn('language', 'varchar(2)', (c) =>
          c
            .notNull()
            .defaultTo('en')
            .check(sql`language in (${sql.join(languages.map((language) => sql.lit(language)))})`),
        )
        .execute();
      await db.schema
        .alterTable('applications')
        .addColumn('rejected_at', types.timestamp)
        .execute();
      // One open application per email, also against two submissions racing each other.
      await db.schema
        .createIndex('applications_open_email_unique')
        .on('applications')
        .unique()
        .column('email')
        .where(sql.ref('status'), 'in', [sql.lit('pending'), sql.lit('under_review')])
        .execute();
      await db.schema
        .createIndex('applications_rejected_index')
        .on('applications')
        .column('rejected_at')
        .execute();

      await db.schema
        .createTable('application_notes')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('application_id', types.id, (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('author_id', types.id, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('application_notes_application_index')
        .on('application_notes')
        .columns(['application_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('application_document_views')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('application_id', types.id, (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('viewer_id', types.id, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('viewed_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('application_document_views_application_index')
        .on('application_document_views')
        .columns(['application_id', 'viewed_at'])
        .execute();

      await db.schema
        .createTable('application_submissions')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('address', 'varchar(100)', (c) => c.notNull())
        .addColumn('submitted_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('application_submissions_address_index')
        .on('application_submissions')
        .columns(['address', 'submitted_at'])
        .execute();
    },
  };
}
