import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { AdminTaskDetail, ReviewDecision } from '../../../domain/tasks.ts';
import type { User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import type { TaskAssignmentsTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { DomainError } from '../../errors.ts';
import { administratorIds, findUserById } from '../users/repository.ts';
import { findAssignment, findTaskRow, moveAssignment, refreshTaskStatus } from './repository.ts';
import {
  taskReviewedMail,
  taskReviewedTitles,
  taskSubmittedMessage,
  taskSubmittedTitle,
} from './review-mails.ts';
import { insertReview, reviewedAssigneesOf } from './review-repository.ts';
import { localizedNotification, notify } from '../notifications/notify.ts';

/** The review loop of issue 11 (decision 0029): staff see each creator's work and judge it. */

/** The task with every assignee's status, times, files and reviews; 404 for none. */
export async function adminTaskDetail(
  deps: Deps,
  { id }: { id: string },
): Promise<AdminTaskDetail> {
  const task = await findTaskRow(deps.db, id);
  if (!task) throw new DomainError('not_found', 'task.not_found');
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    dueDate: task.dueDate,
    contentType: task.contentType,
    maxFiles: Number(task.maxFiles),
    status: task.status,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    assignees: await reviewedAssigneesOf(deps.db, id),
  };
}

/**
 * What a decision does to the assignment. Approving completes it and keeps when it was
 * submitted. Asking for changes opens it again as in_progress and clears the submission time:
 * the creator's next submission gets its own, and the reviews keep the history.
 */
function outcomeOf(
  decision: ReviewDecision,
  now: string,
  reviewerId: string,
): Updateable<TaskAssignmentsTable> {
  return decision === 'approved'
    ? { status: 'completed', completedAt: now, completedBy: reviewerId, updatedAt: now }
    : {
        status: 'in_progress',
        submittedAt: null,
        completedAt: null,
        completedBy: null,
        updatedAt: now,
      };
}

/** The bell shows a short note; the mail and the task page carry the whole of it. */
const noticeLength = 280;
const shortened = (text: string) =>
  text.length <= noticeLength ? text : `${text.slice(0, noticeLength - 1).trimEnd()}…`;

/**
 * An administrator's review of one creator's submission. Only a submitted assignment can be
 * reviewed; it is claimed by a conditional update, so of two reviews at once one passes and the
 * other is 409. The review is kept, and the creator is told in the bell and by mail in their
 * language.
 */
export async function reviewSubmission(
  deps: Deps,
  input: {
    taskId: string;
    userId: string;
    decision: ReviewDecision;
    feedback: string | undefined;
    reviewer: User;
  },
): Promise<AdminTaskDetail> {
  const now = deps.clock().toISOString();
  const feedback = input.feedback || null;
  const mail = await deps.db.transaction().execute(async (trx) => {
    const task = await findTaskRow(trx, input.taskId);
    if (!task) throw new DomainError('not_found', 'task.not_found');
    const assignment = await findAssignment(trx, input.taskId, input.userId);
    const creator = assignment && (await findUserById(trx, input.userId));
    if (!assignment || !creator) throw new DomainError('not_found', 'task.assignee_not_found');
    const claimed = await moveAssignment(
      trx,
      assignment.id,
      'submitted',
      outcomeOf(input.decision, now, input.reviewer.id),
    );
    if (!claimed) throw new DomainError('conflict', 'task.review_not_submitted');
    await insertReview(trx, {
      id: randomUUID(),
      taskId: input.taskId,
      userId: input.userId,
      reviewerId: input.reviewer.id,
      decision: input.decision,
      feedback,
      createdAt: now,
    });
    await refreshTaskStatus(trx, input.taskId, now);
    await notify(
      { ...deps, db: trx },
      input.userId,
      localizedNotification({
        type: 'task',
        relatedId: input.taskId,
        title: taskReviewedTitles[input.decision],
        message: feedback ? `${task.title}: ${shortened(feedback)}` : task.title,
      }),
    );
    return taskReviewedMail({
      to: creator.email,
      name: creator.firstName ?? creator.username,
      language: creator.preferredLanguage,
      decision: input.decision,
      feedback,
      task: { id: task.id, title: task.title },
      appUrl: deps.config.appUrl,
    });
  });
  deps.mailer.sendInBackground(mail);
  return adminTaskDetail(deps, { id: input.taskId });
}

/**
 * Tells every administrator in the app that a creator submitted a task (no mail: staff work in
 * the app, and a busy day would fill their inbox). Pass the submission's transaction as `db`.
 */
export async function announceSubmission(
  deps: Deps,
  db: Db,
  { task, creator }: { task: { id: string; title: string }; creator: User },
): Promise<void> {
  const name = [creator.firstName, creator.lastName].filter(Boolean).join(' ') || creator.username;
  for (const adminId of await administratorIds(db)) {
    await notify(
      { ...deps, db },
      adminId,
      localizedNotification({
        type: 'task',
        relatedId: task.id,
        title: taskSubmittedTitle,
        message: taskSubmittedMessage(name, task.title),
      }),
    );
  }
}
