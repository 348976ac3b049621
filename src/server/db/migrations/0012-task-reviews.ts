import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';
import { oneOf } from './0001-initial.ts';

/** The decisions, fixed here as this migration ships them. */
const decisions = ['approved', 'changes_requested'];

/**
 * The review loop: an administrator approves a creator's submission or asks for changes
 * (decision 0029).
 *
 * `task_reviews`: every judgement of one creator's submission, kept. It belongs to the
 * assignment (the task and the creator, through the assignments' unique pair), so taking a
 * creator off a task, deleting the task or deleting the creator takes their reviews with it;
 * the reviewer is only named (SET NULL), so the record outlives the administrator's account.
 *
 * `task_uploads.thumbnail_key`: where the small WebP made from an image sits in storage, beside
 * the original; null when none could be made (a video, or a photo the image library cannot read).
 */
export function taskReviewsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('task_reviews')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('task_id', types.id, (c) => c.notNull())
        .addColumn('user_id', types.id, (c) => c.notNull())
        .addColumn('reviewer_id', types.id, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decision', 'varchar(20)', (c) => c.notNull())
        .addColumn('feedback', 'text')
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          'task_reviews_assignment_fk',
          ['task_id', 'user_id'],
          'task_assignments',
          ['task_id', 'user_id'],
          (c) => c.onDelete('cascade'),
        )
        .addCheckConstraint('task_reviews_decision_check', oneOf('decision', decisions))
        .execute();
      await db.schema
        .createIndex('task_reviews_assignment_index')
        .on('task_reviews')
        .columns(['task_id', 'user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('task_reviews_reviewer_index')
        .on('task_reviews')
        .column('reviewer_id')
        .execute();

      // The dashboard counts the submissions awaiting review, and the list finds their tasks.
      await db.schema
        .createIndex('task_assignments_status_task_index')
        .on('task_assignments')
        .columns(['status', 'task_id'])
        .execute();

      await db.schema
        .alterTable('task_uploads')
        .addColumn('thumbnail_key', 'varchar(220)')
        .execute();
    },
  };
}
