import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Due-date reminders (decision 0030): when each of an assignment's two reminders was sent. Sending
 * one is claimed by setting its column where it is still null, so however many server processes
 * sweep at once, each reminder goes out once.
 */
export function assignmentRemindersMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('task_assignments')
        .addColumn('due_soon_reminded_at', types.timestamp)
        .execute();
      await db.schema
        .alterTable('task_assignments')
        .addColumn('due_today_reminded_at', types.timestamp)
        .execute();
    },
  };
}
