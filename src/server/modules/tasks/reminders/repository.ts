import type { Db } from '../../../db/database.ts';

/** The assignment columns that record each due-date reminder. */
export type ReminderColumn = 'dueSoonRemindedAt' | 'dueTodayRemindedAt';

/** Work still to hand in: reminders go only to these. */
const unsubmitted = ['new', 'in_progress'] as const;

/**
 * The assignments still to hand in whose task falls due in (`dueAfter`, `dueBy`] and whose
 * reminder in `column` has not gone out, with what the reminder says and whom it goes to.
 */
export function dueReminderCandidates(
  db: Db,
  column: ReminderColumn,
  window: { dueAfter: string; dueBy: string },
  limit: number,
) {
  return db
    .selectFrom('taskAssignments')
    .innerJoin('tasks', 'tasks.id', 'taskAssignments.taskId')
    .innerJoin('users', 'users.id', 'taskAssignments.userId')
    .select([
      'taskAssignments.id as assignmentId',
      'taskAssignments.createdAt as assignedAt',
      'tasks.id as taskId',
      'tasks.title',
      'tasks.dueDate',
      'users.id as userId',
      'users.email',
      'users.username',
      'users.firstName',
      'users.preferredLanguage',
    ])
    .where(`taskAssignments.${column}`, 'is', null)
    .where('taskAssignments.status', 'in', unsubmitted)
    .where('tasks.dueDate', '>', window.dueAfter)
    .where('tasks.dueDate', '<=', window.dueBy)
    .orderBy('tasks.dueDate')
    .orderBy('taskAssignments.id')
    .limit(limit)
    .execute();
}

export type ReminderCandidate = Awaited<ReturnType<typeof dueReminderCandidates>>[number];

/**
 * Claims one reminder: records it as dealt with (sent, or passed over) if no one has and the
 * work is still not handed in. True for exactly one of any number of processes trying at once.
 */
export async function claimReminder(
  db: Db,
  assignmentId: string,
  column: ReminderColumn,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('taskAssignments')
    .set({ [column]: now })
    .where('id', '=', assignmentId)
    .where(column, 'is', null)
    .where('status', 'in', unsubmitted)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * A due date moved: the reminders already sent spoke of the old date, so the new one gets its
 * own. (Kept in the table's own area: the task service calls it when an administrator edits.)
 */
export async function forgetReminders(db: Db, taskId: string): Promise<void> {
  await db
    .updateTable('taskAssignments')
    .set({ dueSoonRemindedAt: null, dueTodayRemindedAt: null })
    .where('taskId', '=', taskId)
    .execute();
}
