import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Updateable } from 'kysely';
import type { AdminTaskDetail, ReviewDecision, TaskStatus } from '../../../../domain/tasks.ts';
import { greetingName, type User } from '../../../../domain/users.ts';
import type { Db } from '../../../db/database.ts';
import type { TaskAssignmentsTable } from '../../../db/schema-tasks.ts';
import { withTransaction, type Deps } from '../../../deps.ts';
import { recordAudit } from '../../audit/repository.ts';
import { DomainError } from '../../../errors.ts';
import { notify } from '../../notifications/notify.ts';
import { administratorIds, findUserById } from '../../users/repository.ts';
import { findAssignment, moveAssignment, type AssignmentRow } from '../assignment-repository.ts';
import { findTaskRow, refreshTaskStatus, toTask } from '../repository.ts';
import { uploadsOf } from '../upload-repository.ts';
import { archiveFileName, zipStoredFiles } from './archive.ts';
import { taskReviewedMail, taskReviewedNotification, taskSubmittedNotification } from './mails.ts';
import { insertReview, reviewedAssigneesOf, reviewsOf } from './repository.ts';

/** The review loop (decision 0029): administrators see each creator's work and judge it. */

const taskNotFound = () => new DomainError('not_found', 'task.not_found');
const assigneeNotFound = () => new DomainError('not_found', 'task.assignee_not_found');

/** The task with every assignee's status, times, files and reviews; 404 for none. */
export async function adminTaskDetail(
  deps: Deps,
  { id }: { id: string },
): Promise<AdminTaskDetail> {
  const task = await findTaskRow(deps.db, id);
  if (!task) throw taskNotFound();
  return { ...toTask(task), assignees: await reviewedAssigneesOf(deps.db, id) };
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

/** The status each decision leaves the assignment in. */
const statusAfter = {
  approved: 'completed',
  changes_requested: 'in_progress',
} as const satisfies Record<ReviewDecision, TaskStatus>;

/**
 * Whether the assignment stands where this very review left it: its latest review has the same
 * decision and feedback, and nothing has moved it since (decision 0041).
 */
async function isRepeatedReview(
  db: Db,
  assignment: AssignmentRow,
  review: { decision: ReviewDecision; feedback: string | null },
): Promise<boolean> {
  if (assignment.status !== statusAfter[review.decision]) return false;
  const [latest] =
    (await reviewsOf(db, assignment.taskId, assignment.userId)).get(assignment.userId) ?? [];
  return latest?.decision === review.decision && latest.feedback === review.feedback;
}

/**
 * An administrator's review of one creator's submission. Only a submitted assignment can be
 * reviewed; the assignment is locked first, so of two reviews at once the second sees the first's
 * outcome: the same decision again is a repeat, answered as it stands with nothing written or
 * sent; another is 409. The review is kept, and the creator is told by a notification and by
 * mail in their language.
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
  const { decision } = input;
  await withTransaction(deps, async (deps) => {
    const { db } = deps;
    const task = await findTaskRow(db, input.taskId);
    if (!task) throw taskNotFound();
    const assignment = await findAssignment(db, input.taskId, input.userId, deps.dialect);
    const creator = assignment && (await findUserById(db, input.userId));
    if (!assignment || !creator) throw assigneeNotFound();
    if (await isRepeatedReview(db, assignment, { decision, feedback })) return;
    const claimed = await moveAssignment(
      db,
      assignment.id,
      'submitted',
      outcomeOf(decision, now, input.reviewer.id),
    );
    if (!claimed) throw new DomainError('conflict', 'task.review_not_submitted');
    await insertReview(db, {
      id: randomUUID(),
      taskId: input.taskId,
      userId: input.userId,
      reviewerId: input.reviewer.id,
      decision,
      feedback,
      createdAt: now,
    });
    await refreshTaskStatus(db, input.taskId, now);
    await recordAudit(deps, {
      actor: input.reviewer,
      kind: decision === 'approved' ? 'task.work_approved' : 'task.changes_requested',
      subject: { type: 'task', id: input.taskId },
      params: { title: task.title, username: creator.username },
    });
    const reviewed = { id: task.id, title: task.title };
    await notify(
      deps,
      input.userId,
      taskReviewedNotification({ decision, feedback, task: reviewed }),
    );
    await deps.outbox.queue(
      deps,
      taskReviewedMail({
        to: creator.email,
        name: greetingName(creator),
        language: creator.preferredLanguage,
        decision,
        feedback,
        task: reviewed,
        appUrl: deps.config.appUrl,
      }),
    );
  });
  return adminTaskDetail(deps, { id: input.taskId });
}

/**
 * Tells every administrator in the app that a creator submitted a task (no mail: staff work in
 * the app, and a busy day would fill their inbox). Called within the submission's transaction.
 */
export async function announceSubmission(
  deps: Deps,
  { task, creator }: { task: { id: string; title: string }; creator: User },
): Promise<void> {
  const name = [creator.firstName, creator.lastName].filter(Boolean).join(' ') || creator.username;
  for (const adminId of await administratorIds(deps.db)) {
    await notify(deps, adminId, taskSubmittedNotification(task, name));
  }
}

/** One assignee's files as a zip, and the name it is saved under. */
export interface AssigneeArchive {
  fileName: string;
  stream: Readable;
  /** The archive's length in bytes, or -1 when it cannot be known beforehand. */
  size: number;
}

/** Every file one assignee sent for a task, streamed as a zip from storage; 404 for neither. */
export async function assigneeArchive(
  deps: Deps,
  { taskId, userId }: { taskId: string; userId: string },
): Promise<AssigneeArchive> {
  const task = await findTaskRow(deps.db, taskId);
  if (!task) throw taskNotFound();
  if (!(await findAssignment(deps.db, taskId, userId))) throw assigneeNotFound();
  const [uploads, creator] = await Promise.all([
    uploadsOf(deps.db, taskId, userId),
    findUserById(deps.db, userId),
  ]);
  const archive = zipStoredFiles(
    deps.storage,
    uploads.map((upload) => ({ ...upload, fileSize: Number(upload.fileSize) })),
  );
  return {
    fileName: archiveFileName(task.title, creator?.username ?? userId),
    stream: archive.stream,
    size: await archive.size,
  };
}
