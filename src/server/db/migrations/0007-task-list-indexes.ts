import type { Kysely, Migration } from 'kysely';

/**
 * Indexes that let the task lists cost what their page costs at 100,000 tasks (the
 * benchmark bench/task-lists.mjs): each list walks an index in its own order and stops at 25
 * rows, and a creator's counters read one index.
 */
export function taskListIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('tasks_created_index').execute();
      await db.schema
        .createIndex('tasks_created_index')
        .on('tasks')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('tasks_status_created_index')
        .on('tasks')
        .columns(['status', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('tasks_due_index')
        .on('tasks')
        .columns(['due_date', 'id'])
        .execute();
      await db.schema.dropIndex('task_assignments_user_index').execute();
      await db.schema
        .createIndex('task_assignments_user_index')
        .on('task_assignments')
        .columns(['user_id', 'status'])
        .execute();
    },
  };
}
