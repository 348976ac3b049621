import { sql, type Kysely, type Migration } from 'kysely';
import { applicationStatuses, documentTypes } from '../../../domain/applications.ts';
import { compensationStatuses, compensationYears } from '../../../domain/compensation.ts';
import { languages } from '../../../domain/languages.ts';
import { notificationTypes } from '../../../domain/notifications.ts';
import { contentTypes, maxFilesLimit, taskStatuses } from '../../../domain/tasks.ts';
import type { ColumnTypes } from './column-types.ts';

/** `column in ('a', 'b')`, from the domain's list, so the database and the code agree on statuses. */
export const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** The assignment statuses as this migration shipped them (0006 renames 'assigned' to 'new'). */
const firstAssignmentStatuses = ['assigned', 'in_progress', 'submitted', 'completed'];

/** People and their sessions. */
async function createUsers(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('users')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('profile_image_url', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preferred_language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('users_preferred_language_check', oneOf('preferred_language', languages))
    .execute();
  // Unique regardless of case: "Maria" and "maria" are the same person signing in.
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', types.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sess', 'text', (c) => c.notNull())
    .addColumn('expire', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expire_index').on('sessions').column('expire').execute();
}

/** The screens' texts, seeded from the catalogues and editable by an agency. */
async function createTranslations(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('translations')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('es', 'text', (c) => c.notNull())
    .addColumn('pt', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo('general'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
}

/** Applications, in the v2 shape the screens use (decision 0005). */
async function createApplications(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('applications')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull())
    .addColumn('country', 'varchar(100)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(100)', (c) => c.notNull())
    .addColumn('social_accounts', 'text', (c) => c.notNull())
    .addColumn('document_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('document_number', 'varchar(100)', (c) => c.notNull())
    .addColumn('document_file_key', 'varchar(200)')
    .addColumn('document_file_type', 'varchar(100)')
    .addColumn('personal_message', 'text', (c) => c.notNull())
    .addColumn('heard_about_us', 'varchar(200)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('admin_notes', 'text')
    .addColumn('reviewed_by', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', types.timestamp)
    .addColumn('created_user_id', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('applications_status_check', oneOf('status', applicationStatuses))
    .addCheckConstraint('applications_document_type_check', oneOf('document_type', documentTypes))
    .execute();
  await db.schema
    .createIndex('applications_status_submitted_index')
    .on('applications')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('applications_submitted_index')
    .on('applications')
    .column('submitted_at')
    .execute();
}

/** Tasks, each creator's assignment to one, and the files uploaded to it. */
async function createTasks(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('tasks')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('due_date', types.timestamp, (c) => c.notNull())
    .addColumn('content_type', 'varchar(10)', (c) => c.notNull().defaultTo('both'))
    .addColumn('max_files', 'integer', (c) => c.notNull().defaultTo(maxFilesLimit.default))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_by', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('tasks_status_check', oneOf('status', taskStatuses))
    .addCheckConstraint('tasks_content_type_check', oneOf('content_type', contentTypes))
    .addCheckConstraint(
      'tasks_max_files_check',
      sql`max_files between ${sql.lit(maxFilesLimit.min)} and ${sql.lit(maxFilesLimit.max)}`,
    )
    .execute();
  await db.schema.createIndex('tasks_created_index').on('tasks').column('created_at').execute();
  await db.schema.createIndex('tasks_status_index').on('tasks').column('status').execute();

  await db.schema
    .createTable('task_assignments')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('task_id', types.id, (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', types.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('assigned'))
    .addColumn('submitted_at', types.timestamp)
    .addColumn('completed_at', types.timestamp)
    .addColumn('completed_by', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addUniqueConstraint('task_assignments_task_user_unique', ['task_id', 'user_id'])
    .addCheckConstraint('task_assignments_status_check', oneOf('status', firstAssignmentStatuses))
    .execute();
  await db.schema
    .createIndex('task_assignments_user_index')
    .on('task_assignments')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('task_uploads')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('task_id', types.id, (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', types.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('file_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('uploaded_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('task_uploads_file_size_check', sql`file_size >= 0`)
    .execute();
  await db.schema
    .createIndex('task_uploads_task_user_index')
    .on('task_uploads')
    .columns(['task_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('task_uploads_user_index')
    .on('task_uploads')
    .column('user_id')
    .execute();
}

/** Monthly compensation; its history blocks deleting the person it was paid to. */
async function createCompensations(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('compensations')
    .addColumn('id', types.id, (c) => c.primaryKey())
    // RESTRICT: compensation history outlives any attempt to delete the person it was paid to.
    .addColumn('user_id', types.id, (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('notes', 'text')
    .addColumn('created_by', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', types.timestamp)
    .addColumn('published_by', types.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addUniqueConstraint('compensations_user_period_unique', ['user_id', 'year', 'month'])
    .addCheckConstraint('compensations_month_check', sql`month between 1 and 12`)
    .addCheckConstraint(
      'compensations_year_check',
      sql`year between ${sql.lit(compensationYears.min)} and ${sql.lit(compensationYears.max)}`,
    )
    .addCheckConstraint('compensations_amount_check', sql`amount_cents >= 0`)
    .addCheckConstraint('compensations_status_check', oneOf('status', compensationStatuses))
    .addCheckConstraint(
      'compensations_published_check',
      sql`(status = 'published') = (published_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('compensations_status_index')
    .on('compensations')
    .column('status')
    .execute();
}

/** What a person is told, newest first. */
async function createNotifications(db: Kysely<unknown>, types: ColumnTypes) {
  await db.schema
    .createTable('notifications')
    .addColumn('id', types.id, (c) => c.primaryKey())
    .addColumn('user_id', types.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('related_id', types.id)
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('notifications_type_check', oneOf('type', notificationTypes))
    .execute();
  await db.schema
    .createIndex('notifications_user_created_index')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
}

/**
 * The whole schema the screens use (docs/product.md, section 7). The first-version `applications`
 * table is left out (docs/decisions/0005); the v2 shape is simply called `applications`. ON DELETE
 * is chosen per reference: a person's own records go with them (CASCADE), records that merely name
 * who acted keep their row (SET NULL), and compensation history blocks deletion (RESTRICT).
 */
export function initialMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createUsers(db, types);
      await createTranslations(db, types);
      await createApplications(db, types);
      await createTasks(db, types);
      await createCompensations(db, types);
      await createNotifications(db, types);
    },
  };
}
