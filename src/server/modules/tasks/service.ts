import { randomUUID } from 'node:crypto';
import {
  creatorMoves,
  isCreatorMove,
  statusesNeedingFiles,
  type AdminTask,
  type MyTaskDetail,
  type TaskStatus,
} from '../../../domain/tasks.ts';
import { type TaskFields } from '../../../domain/task-input.ts';
import { greetingName, type User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit } from '../audit/repository.ts';
import { fieldError, DomainError } from '../../errors.ts';
import { notify, type NotifyInput } from '../notifications/notify.ts';
import { wasToldAbout } from '../notifications/repository.ts';
import { creatorsAmong } from '../users/repository.ts';
import {
  assignmentsOf,
  findAssignment,
  insertAssignments,
  moveAssignment,
  removeAssignees,
  setEveryAssignment,
} from './assignment-repository.ts';
import { findAdminTask, findMyTask } from './list-repository.ts';
import {
  taskAssignedMail,
  taskAssignedNotification,
  taskDueDateMovedMail,
  taskDueDateMovedNotification,
  taskStatusSetNotification,
  taskWithdrawnMail,
  taskWithdrawnNotification,
  type TaskMailRecipient,
} from './mails.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { forgetReminders } from './reminders/repository.ts';
import { countLiveUploadClaims } from './resumable-uploads/repository.ts';
import { removeUnstartedResumableUploads } from './resumable-uploads/unstarted.ts';
import {
  deleteTask as deleteTaskRow,
  findTaskRow,
  insertTask,
  refreshTaskStatus,
  updateTask as updateTaskRow,
} from './repository.ts';
import { reviewsOf } from './review/repository.ts';
import { announceSubmission } from './review/service.ts';
import { countUploads, toTaskUpload, uploadsOf } from './upload-repository.ts';

/** Tasks and their assignments: what administrators change, and how creators move their own. */

export const taskNotFound = () => new DomainError('not_found', 'task.not_found');

type Creator = Awaited<ReturnType<typeof creatorsAmong>>[number];

/** The assignees as creators, or 400 naming the field when any id is not one. */
async function creatorsFor(db: Db, ids: string[]): Promise<Creator[]> {
  const creators = await creatorsAmong(db, ids);
  if (creators.length !== ids.length)
    throw fieldError('invalid', 'assignedUsers', 'task.assignee_unknown');
  return creators;
}

/** Tells each creator in the bell and by mail, both within the change, in their language. */
async function tellCreators(
  deps: Deps,
  creators: Creator[],
  notice: NotifyInput,
  mail: (recipient: TaskMailRecipient) => MailMessage,
): Promise<void> {
  for (const creator of creators) {
    await notify(deps, creator.id, notice);
    await deps.outbox.queue(
      deps,
      mail({
        to: creator.email,
        name: greetingName(creator),
        language: creator.preferredLanguage,
        appUrl: deps.config.appUrl,
      }),
    );
  }
}

type TaskFacts = { id: string; title: string; dueDate: string };

const welcomeAssignees = (deps: Deps, task: TaskFacts, creators: Creator[]) =>
  tellCreators(deps, creators, taskAssignedNotification(task), (recipient) =>
    taskAssignedMail({ ...recipient, task }),
  );

const announceNewDueDate = (deps: Deps, task: TaskFacts, creators: Creator[]) =>
  tellCreators(deps, creators, taskDueDateMovedNotification(task), (recipient) =>
    taskDueDateMovedMail({ ...recipient, task }),
  );

const announceWithdrawal = (deps: Deps, task: { title: string }, creators: Creator[]) =>
  tellCreators(deps, creators, taskWithdrawnNotification(task), (recipient) =>
    taskWithdrawnMail({ ...recipient, task }),
  );

/** Each creator's part of a task, at its start. */
function newAssignments(taskId: string, creators: Creator[], now: string) {
  return creators.map((creator) => ({
    id: randomUUID(),
    taskId,
    userId: creator.id,
    status: 'new' as const,
    submittedAt: null,
    completedAt: null,
    completedBy: null,
    createdAt: now,
    updatedAt: now,
  }));
}

/**
 * Removes stored files once the records pointing at them are gone. A file that will not go is
 * logged, not thrown: the change it follows has already been made.
 */
export async function deleteStoredFiles(deps: Deps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error, key },
          'Could not delete a stored task file; delete it by hand',
        ),
      );
  }
}

async function reloaded(db: Db, id: string): Promise<AdminTask> {
  const task = await findAdminTask(db, id);
  if (!task) throw taskNotFound();
  return task;
}

/** An administrator's new task, assigned to creators who are told in the app and by mail. */
export async function createTask(
  deps: Deps,
  { fields, admin }: { fields: TaskFields; admin: User },
): Promise<AdminTask> {
  const now = deps.clock().toISOString();
  const id = randomUUID();
  const { assignedUsers, ...task } = fields;
  await withTransaction(deps, async (deps) => {
    const creators = await creatorsFor(deps.db, assignedUsers);
    await insertTask(deps.db, {
      id,
      ...task,
      status: 'new',
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertAssignments(deps.db, newAssignments(id, creators, now));
    await welcomeAssignees(deps, { id, ...task }, creators);
  });
  return reloaded(deps.db, id);
}

/**
 * An administrator's correction: the task's fields, and its assignees. Someone taken off the
 * task loses their part of it, files included, and is told; someone added starts at new and is
 * told; when the due date moves, everyone who stays is told the new one.
 */
export async function updateTask(
  deps: Deps,
  { id, fields }: { id: string; fields: TaskFields },
): Promise<AdminTask> {
  const now = deps.clock().toISOString();
  const { assignedUsers, ...task } = fields;
  const removedFiles = await withTransaction(deps, async (deps) => {
    const { db } = deps;
    const before = await findTaskRow(db, id);
    if (!before) throw taskNotFound();
    const creators = await creatorsFor(db, assignedUsers);
    await updateTaskRow(db, id, { ...task, updatedAt: now });
    const dueDateMoved = Date.parse(before.dueDate) !== Date.parse(task.dueDate);
    if (dueDateMoved) await forgetReminders(db, id);
    const current = new Set((await assignmentsOf(db, id)).map((row) => row.userId));
    const wanted = new Set(assignedUsers);
    const removed = await creatorsAmong(
      db,
      [...current].filter((userId) => !wanted.has(userId)),
    );
    const added = creators.filter((creator) => !current.has(creator.id));
    const files = await removeAssignees(
      db,
      id,
      removed.map((creator) => creator.id),
    );
    await insertAssignments(db, newAssignments(id, added, now));
    await refreshTaskStatus(db, id, now);
    await welcomeAssignees(deps, { id, ...task }, added);
    await announceWithdrawal(deps, task, removed);
    if (dueDateMoved) {
      const stayed = creators.filter((creator) => current.has(creator.id));
      await announceNewDueDate(deps, { id, ...task }, stayed);
    }
    return files;
  });
  // Files go after the commit: a failed change must not leave rows pointing at missing files.
  await deleteStoredFiles(deps, removedFiles);
  return reloaded(deps.db, id);
}

/**
 * Deletes a task with every assignment and every file sent for it, and tells its assignees it
 * was withdrawn. A task that is not there (deleted already, decision 0041) leaves nothing to do.
 */
export async function deleteTask(deps: Deps, { id }: { id: string }): Promise<void> {
  const keys = await withTransaction(deps, async (deps) => {
    const task = await findTaskRow(deps.db, id);
    if (!task) return [];
    const assignees = await creatorsAmong(
      deps.db,
      (await assignmentsOf(deps.db, id)).map((row) => row.userId),
    );
    const files = await deleteTaskRow(deps.db, id);
    if (files) await announceWithdrawal(deps, task, assignees);
    return files ?? [];
  });
  await deleteStoredFiles(deps, keys);
}

/** The times an assignment carries for a status it is put in. */
function stampsFor(status: TaskStatus, now: string, by: string | null) {
  return {
    status,
    updatedAt: now,
    submittedAt: status === 'submitted' || status === 'completed' ? now : null,
    completedAt: status === 'completed' ? now : null,
    completedBy: status === 'completed' ? by : null,
  };
}

/**
 * The status selector on a task card: the status for every assignee (decision 0021), except that
 * submitted and completed reach only those who sent a file, so the counts stay true (decision
 * 0047). An assignee already in that status keeps their times, so choosing the status the task
 * has again changes nothing (decision 0041). Each assignee whose status changed is told.
 */
export async function setTaskStatus(
  deps: Deps,
  { id, status, admin }: { id: string; status: TaskStatus; admin: User },
): Promise<AdminTask> {
  const now = deps.clock().toISOString();
  await withTransaction(deps, async (deps) => {
    const task = await findTaskRow(deps.db, id);
    if (!task) throw taskNotFound();
    const moved = await setEveryAssignment(deps.db, id, stampsFor(status, now, admin.id), {
      withFilesOnly: statusesNeedingFiles.has(status),
    });
    if (moved.length === 0) return;
    await refreshTaskStatus(deps.db, id, now);
    await recordAudit(deps, {
      actor: admin,
      kind: 'task.status_changed',
      subject: { type: 'task', id },
      params: { title: task.title, from: task.status, to: status },
    });
    for (const userId of moved) await notify(deps, userId, taskStatusSetNotification(task, status));
  });
  return reloaded(deps.db, id);
}

/**
 * The creator's own task with their own status, files, unfinished uploads and reviews; 404 when
 * it is not theirs.
 */
export async function myTaskDetail(
  deps: Deps,
  { taskId, user }: { taskId: string; user: User },
): Promise<MyTaskDetail> {
  const task = await findMyTask(deps.db, taskId, user.id);
  if (!task) {
    // Someone told about the task once had it: it was withdrawn, or they were taken off it.
    if (await wasToldAbout(deps.db, user.id, taskId))
      throw new DomainError('not_found', 'task.withdrawn');
    throw taskNotFound();
  }
  // Uploads that never started give their places back before they are counted, as before every
  // limit check: the count the creator sees is the one the server holds them to.
  await removeUnstartedResumableUploads(deps, { taskId, userId: user.id });
  const [uploads, reviews, unfinishedUploadCount] = await Promise.all([
    uploadsOf(deps.db, taskId, user.id),
    reviewsOf(deps.db, taskId, user.id),
    countLiveUploadClaims(deps.db, taskId, user.id, deps.clock().toISOString()),
  ]);
  return {
    ...task,
    uploads: uploads.map(toTaskUpload),
    unfinishedUploadCount,
    reviews: reviews.get(user.id) ?? [],
  };
}

/**
 * A creator moves their own assignment: new to in_progress, in_progress to submitted with at
 * least one file of their own. Nothing else (409, saying why). Asking for the status a move leads
 * to when the assignment is already there is a repeat: answered as it stands, announced to no one
 * again (decision 0041). The assignment is locked first, so of two submissions at once the second
 * finds the first's work done.
 */
export async function moveMyTask(
  deps: Deps,
  { taskId, user, status }: { taskId: string; user: User; status: TaskStatus },
): Promise<MyTaskDetail> {
  const now = deps.clock().toISOString();
  await withTransaction(deps, async (deps) => {
    const { db } = deps;
    const assignment = await findAssignment(db, taskId, user.id, deps.dialect);
    if (!assignment) throw taskNotFound();
    if (assignment.status === status && isCreatorMove(status)) return;
    if (creatorMoves[assignment.status] !== status) {
      throw new DomainError('conflict', 'task.move_not_allowed');
    }
    if (status === 'submitted' && (await countUploads(db, taskId, user.id)) === 0) {
      throw new DomainError('conflict', 'task.submit_needs_file');
    }
    const moved = await moveAssignment(
      db,
      assignment.id,
      assignment.status,
      stampsFor(status, now, null),
    );
    if (!moved) throw new DomainError('conflict', 'task.move_not_allowed');
    await refreshTaskStatus(db, taskId, now);
    const task = await findTaskRow(db, taskId);
    await recordAudit(deps, {
      actor: user,
      kind: 'task.status_changed',
      subject: { type: 'task', id: taskId },
      params: { title: task?.title ?? '', from: assignment.status, to: status },
    });
    if (status === 'submitted' && task) await announceSubmission(deps, { task, creator: user });
  });
  return myTaskDetail(deps, { taskId, user });
}
