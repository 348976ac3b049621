import type { Insertable } from 'kysely';
import type { ReviewedAssignee, TaskPerson, TaskReview } from '../../../../domain/tasks.ts';
import type { Db } from '../../../db/database.ts';
import type { TaskReviewsTable } from '../../../db/schema-tasks.ts';
import { toTaskUpload, uploadsOfTask } from '../upload-repository.ts';

/** The queries of `task_reviews`, and of the review screen's view of a task's assignees. */

export async function insertReview(db: Db, row: Insertable<TaskReviewsTable>): Promise<void> {
  await db.insertInto('taskReviews').values(row).execute();
}

const person = (
  id: string | null,
  username: string | null,
  firstName: string | null,
  lastName: string | null,
): TaskPerson | null => (id && username ? { id, username, firstName, lastName } : null);

/** A task's reviews, newest first, by the assignee they judged; only `userId`'s when given. */
export async function reviewsOf(
  db: Db,
  taskId: string,
  userId?: string,
): Promise<Map<string, TaskReview[]>> {
  let query = db
    .selectFrom('taskReviews')
    .leftJoin('users as reviewer', 'reviewer.id', 'taskReviews.reviewerId')
    .select([
      'taskReviews.id',
      'taskReviews.userId',
      'taskReviews.decision',
      'taskReviews.feedback',
      'taskReviews.createdAt',
      'reviewer.id as reviewerId',
      'reviewer.username as reviewerUsername',
      'reviewer.firstName as reviewerFirstName',
      'reviewer.lastName as reviewerLastName',
    ])
    .where('taskReviews.taskId', '=', taskId);
  if (userId !== undefined) query = query.where('taskReviews.userId', '=', userId);
  const rows = await query
    .orderBy('taskReviews.createdAt', 'desc')
    .orderBy('taskReviews.id', 'desc')
    .execute();
  const byAssignee = new Map<string, TaskReview[]>();
  for (const row of rows) {
    const list = byAssignee.get(row.userId) ?? [];
    list.push({
      id: row.id,
      decision: row.decision,
      feedback: row.feedback,
      createdAt: row.createdAt,
      reviewer: person(
        row.reviewerId,
        row.reviewerUsername,
        row.reviewerFirstName,
        row.reviewerLastName,
      ),
    });
    byAssignee.set(row.userId, list);
  }
  return byAssignee;
}

/** Every assignee of a task with their status, times, files and reviews, by username. */
export async function reviewedAssigneesOf(db: Db, taskId: string): Promise<ReviewedAssignee[]> {
  const [rows, uploads, reviews] = await Promise.all([
    db
      .selectFrom('taskAssignments')
      .innerJoin('users', 'users.id', 'taskAssignments.userId')
      .leftJoin('users as completer', 'completer.id', 'taskAssignments.completedBy')
      .select([
        'taskAssignments.userId',
        'taskAssignments.status',
        'taskAssignments.submittedAt',
        'taskAssignments.completedAt',
        'users.username',
        'users.firstName',
        'users.lastName',
        'completer.id as completerId',
        'completer.username as completerUsername',
        'completer.firstName as completerFirstName',
        'completer.lastName as completerLastName',
      ])
      .where('taskAssignments.taskId', '=', taskId)
      .orderBy('users.username')
      .execute(),
    uploadsOfTask(db, taskId),
    reviewsOf(db, taskId),
  ]);
  return rows.map((row) => ({
    userId: row.userId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    submittedAt: row.submittedAt,
    completedAt: row.completedAt,
    completedBy: person(
      row.completerId,
      row.completerUsername,
      row.completerFirstName,
      row.completerLastName,
    ),
    uploads: uploads.filter((upload) => upload.userId === row.userId).map(toTaskUpload),
    reviews: reviews.get(row.userId) ?? [],
  }));
}

/** How many creators' submissions wait for an administrator's review. */
export async function countAwaitingReview(db: Db): Promise<number> {
  const row = await db
    .selectFrom('taskAssignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
