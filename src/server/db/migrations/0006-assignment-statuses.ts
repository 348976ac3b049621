import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import type { ColumnTypes } from './column-types.ts';
import { oneOf } from './0001-initial.ts';

/** The four statuses, fixed here as this migration ships them. */
const statuses = ['new', 'in_progress', 'submitted', 'completed'];

/**
 * Each creator's assignment carries the task statuses (new, in progress, submitted, completed): the
 * first schema's 'assigned' becomes 'new'. PostgreSQL changes the constraint in place; SQLite
 * cannot alter a CHECK, so the table is rebuilt with the same columns, keys and index.
 */
export function assignmentStatusesMigration(types: ColumnTypes, dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table task_assignments drop constraint task_assignments_status_check`.execute(
          db,
        );
        await sql`update task_assignments set status = 'new' where status = 'assigned'`.execute(db);
        await sql`alter table task_assignments alter column status set default 'new'`.execute(db);
        await sql`alter table task_assignments add constraint task_assignments_status_check check (${oneOf('status', statuses)})`.execute(
          db,
        );
        return;
      }
      await db.schema
        .createTable('task_assignments_next')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('task_id', types.id, (c) =>
          c.notNull().references('tasks.id').onDelete('cascade'),
        )
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
        .addColumn('submitted_at', types.timestamp)
        .addColumn('completed_at', types.timestamp)
        .addColumn('completed_by', types.id, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .addUniqueConstraint('task_assignments_task_user_unique', ['task_id', 'user_id'])
        .addCheckConstraint('task_assignments_status_check', oneOf('status', statuses))
        .execute();
      await sql`insert into task_assignments_next
        select id, task_id, user_id,
          case when status = 'assigned' then 'new' else status end,
          submitted_at, completed_at, completed_by, created_at, updated_at
        from task_assignments`.execute(db);
      await db.schema.dropTable('task_assignments').execute();
      await db.schema.alterTable('task_assignments_next').renameTo('task_assignments').execute();
      await db.schema
        .createIndex('task_assignments_user_index')
        .on('task_assignments')
        .column('user_id')
        .execute();
    },
  };
}
