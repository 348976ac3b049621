import { randomUUID } from 'node:crypto';
import type { User } from '../../../domain/users.ts';
import {
  acceptsFiles,
  creatorMoves,
  type AdminTask,
  type MyTaskDetail,
  type TaskFields,
  type TaskStatus,
} from '../../../domain/tasks.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, DomainError } from '../../errors.ts';
import { creatorsAmong } from '../users/repository.ts';
import { taskAssignedMail, taskAssignedTitle } from './mails.ts';
import {
  assignmentsOf,
  deleteTask as deleteTaskRow,
  findAdminTask,
  findAssignment,
  findMyTask,
  findTaskRow,
  insertAssignments,
  insertTask,
  moveAssignment,
  refreshTaskStatus,
  removeAssignees,
  setEveryAssignment,
  updateTask as updateTaskRow,
} from './repository.ts';
import { announceSubmission } from './review-service.ts';
import { reviewsOf } from './review-repository.ts';
import { forgetReminders } from './reminder-repository.ts';
import {
  countUploads,
  deleteUpload,
  findUpload,
  insertUploads,
  storedKeysOf,
  toTaskUpload,
  uploadsOf,
} from './upload-repository.ts';
import { makeThumbnail } from '../../uploads/thumbnails.ts';
import { countLiveUploadClaims, deleteUploadClaim } from './upload-claim-repository.ts';
import { localizedNotification, notify } from '../notifications/notify.ts';

const notFound = () => new DomainError('not_found', 'task.not_found');

type Creator = Awaited<ReturnType<typeof creatorsAmong>>[number];

/** The assignees as creators, or 400 naming the field when any id is not one. */
async function creatorsFor(db: Db, ids: string[]): Promise<Creator[]> {
  const creators = await creatorsAmong(db, ids);
  if (creators.length !== ids.length)
    throw fieldError('invalid', 'assignedUsers', 'task.assignee_unknown');
  return creators;
}

/** Tells each new assignee in their bell (within the change) and returns their mails for after it. */
async function welcomeAssignees(
  deps: Deps,
  trx: Db,
  task: { id: string; title: string; dueDate: string },
  creators: Creator[],
) {
  for (const creator of creators) {
    await notify(
      { ...deps, db: trx },
      creator.id,
      localizedNotification({
        type: 'task',
        relatedId: task.id,
        title: taskAssignedTitle,
        message: task.title,
      }),
    );
  }
  return creators.map((creator) =>
    taskAssignedMail({
      to: creator.email,
      name: creator.firstName ?? creator.username,
      language: creator.preferredLanguage,
      task,
      appUrl: deps.config.appUrl,
    }),
  );
}

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

async function deleteFiles(deps: Deps, keys: string[]) {
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
  if (!task) throw notFound();
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
  const mails = await deps.db.transaction().execute(async (trx) => {
    const creators = await creatorsFor(trx, assignedUsers);
    await insertTask(trx, {
      id,
      ...task,
      status: 'new',
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertAssignments(trx, newAssignments(id, creators, now));
    return welcomeAssignees(deps, trx, { id, ...task }, creators);
  });
  mails.forEach((mail) => deps.mailer.sendInBackground(mail));
  return reloaded(deps.db, id);
}

/**
 * An administrator's correction: the task's fields, and its assignees. Someone taken off the
 * task loses their part of it, files included; someone added starts at new and is told.
 */
export async function updateTask(
  deps: Deps,
  { id, fields }: { id: string; fields: TaskFields },
): Promise<AdminTask> {
  const now = deps.clock().toISOString();
  const { assignedUsers, ...task } = fields;
  const { mails, removedFiles } = await deps.db.transaction().execute(async (trx) => {
    const before = await findTaskRow(trx, id);
    if (!before) throw notFound();
    const creators = await creatorsFor(trx, assignedUsers);
    await updateTaskRow(trx, id, { ...task, updatedAt: now });
    if (Date.parse(before.dueDate) !== Date.parse(task.dueDate)) await forgetReminders(trx, id);
    const current = new Set((await assignmentsOf(trx, id)).map((row) => row.userId));
    const wanted = new Set(assignedUsers);
    const removed = [...current].filter((userId) => !wanted.has(userId));
    const added = creators.filter((creator) => !current.has(creator.id));
    const files = await removeAssignees(trx, id, removed);
    await insertAssignments(trx, newAssignments(id, added, now));
    await refreshTaskStatus(trx, id, now);
    return {
      mails: await welcomeAssignees(deps, trx, { id, ...task }, added),
      removedFiles: files,
    };
  });
  // Files go after the commit: a failed change must not leave rows pointing at missing files.
  await deleteFiles(deps, removedFiles);
  mails.forEach((mail) => deps.mailer.sendInBackground(mail));
  return reloaded(deps.db, id);
}

/** Deletes a task with every assignment and every file sent for it. */
export async function deleteTask(deps: Deps, { id }: { id: string }): Promise<void> {
  const keys = await deps.db.transaction().execute((trx) => deleteTaskRow(trx, id));
  if (keys === undefined) throw notFound();
  await deleteFiles(deps, keys);
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

/** The spec's selector on a task card: any status, for every assignee (decision 0021). */
export async function setTaskStatus(
  deps: Deps,
  { id, status, admin }: { id: string; status: TaskStatus; admin: User },
): Promise<AdminTask> {
  const now = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findTaskRow(trx, id))) throw notFound();
    await setEveryAssignment(trx, id, stampsFor(status, now, admin.id));
    await refreshTaskStatus(trx, id, now);
  });
  return reloaded(deps.db, id);
}

/** The creator's own task with their own status, files and reviews; 404 when it is not theirs. */
export async function myTaskDetail(
  deps: Deps,
  { taskId, user }: { taskId: string; user: User },
): Promise<MyTaskDetail> {
  const task = await findMyTask(deps.db, taskId, user.id);
  if (!task) throw notFound();
  const [uploads, reviews] = await Promise.all([
    uploadsOf(deps.db, taskId, user.id),
    reviewsOf(deps.db, taskId, user.id),
  ]);
  return { ...task, uploads: uploads.map(toTaskUpload), reviews: reviews.get(user.id) ?? [] };
}

/**
 * A creator moves their own assignment: new to in_progress, in_progress to submitted with at
 * least one file of their own. Nothing else (409, saying why).
 */
export async function moveMyTask(
  deps: Deps,
  { taskId, user, status }: { taskId: string; user: User; status: TaskStatus },
): Promise<MyTaskDetail> {
  const now = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const assignment = await findAssignment(trx, taskId, user.id);
    if (!assignment) throw notFound();
    if (creatorMoves[assignment.status] !== status) {
      throw new DomainError('conflict', 'task.move_not_allowed');
    }
    if (status === 'submitted' && (await countUploads(trx, taskId, user.id)) === 0) {
      throw new DomainError('conflict', 'task.submit_needs_file');
    }
    const moved = await moveAssignment(
      trx,
      assignment.id,
      assignment.status,
      stampsFor(status, now, null),
    );
    if (!moved) throw new DomainError('conflict', 'task.move_not_allowed');
    await refreshTaskStatus(trx, taskId, now);
    if (status === 'submitted') {
      const task = await findTaskRow(trx, taskId);
      if (task) await announceSubmission(deps, trx, { task, creator: user });
    }
  });
  return myTaskDetail(deps, { taskId, user });
}

/** Whether the creator may add or remove files on this task now; 404 when it is not theirs. */
export async function assertAcceptsFiles(
  db: Db,
  taskId: string,
  userId: string,
  lockOn?: Deps['dialect'],
) {
  const assignment = await findAssignment(db, taskId, userId, lockOn);
  if (!assignment) throw notFound();
  if (!acceptsFiles(assignment.status)) throw new DomainError('conflict', 'task.files_closed');
  return assignment;
}

/** A creator removes one of their own files, while the task is new or in progress. */
export async function deleteMyUpload(
  deps: Deps,
  { taskId, uploadId, user }: { taskId: string; uploadId: string; user: User },
): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    await assertAcceptsFiles(trx, taskId, user.id);
    const upload = await findUpload(trx, uploadId);
    if (!upload || upload.taskId !== taskId || upload.userId !== user.id) {
      throw new DomainError('not_found', 'task.upload_not_found');
    }
    await deleteUpload(trx, uploadId);
    return storedKeysOf(upload);
  });
  await deleteFiles(deps, keys);
}

/**
 * How many files the creator holds on a task: those stored, and the resumable uploads on their
 * way that have not expired. Every limit check counts this, so both ways of sending share one
 * limit (decision 0028).
 */
export async function countFilesHeld(
  db: Db,
  taskId: string,
  userId: string,
  now: Date,
): Promise<number> {
  const stored = await countUploads(db, taskId, userId);
  const underWay = await countLiveUploadClaims(db, taskId, userId, now.toISOString());
  return stored + underWay;
}

/** A file received for a task, already in storage under its key. */
export interface ReceivedTaskFile {
  uploadId: string;
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

/**
 * Records the files a creator just sent, all or none: the assignment must still take files and
 * the task's limit must still hold once the files are counted with any sent meanwhile. A
 * finished resumable upload names its claim, which gives its place to the file in the same
 * change. Every way a file arrives ends here, so each image gets its thumbnail here (decision
 * 0029). The caller removes the stored files when this throws; the thumbnails go here.
 */
export async function saveMyUploads(
  deps: Deps,
  {
    taskId,
    user,
    files,
    claimId,
  }: { taskId: string; user: User; files: ReceivedTaskFile[]; claimId?: string },
): Promise<MyTaskDetail> {
  if (files.length === 0) throw fieldError('invalid', 'files', 'upload.no_files');
  const startedAt = deps.clock();
  const now = startedAt.getTime();
  const thumbnailKeys: (string | null)[] = [];
  // One at a time: a phone's photos are large, and the server's memory is shared.
  for (const file of files) thumbnailKeys.push(await makeThumbnail(deps.storage, file, deps.log));
  const recorded = deps.db.transaction().execute(async (trx) => {
    await assertAcceptsFiles(trx, taskId, user.id, deps.dialect);
    const task = await findTaskRow(trx, taskId);
    if (!task) throw notFound();
    if (claimId !== undefined && !(await deleteUploadClaim(trx, claimId))) {
      throw new DomainError('gone', 'upload.resume_expired');
    }
    const count = await countFilesHeld(trx, taskId, user.id, startedAt);
    if (count + files.length > task.maxFiles) {
      throw fieldError('invalid', 'files', 'task.too_many_files', { max: task.maxFiles, count });
    }
    await insertUploads(
      trx,
      files.map((file, index) => ({
        id: file.uploadId,
        taskId,
        userId: user.id,
        fileName: file.fileName,
        fileKey: file.fileKey,
        fileSize: file.fileSize,
        fileType: file.fileType,
        // A millisecond apart, so the files of one upload list in the order they were sent.
        uploadedAt: new Date(now + index).toISOString(),
        thumbnailKey: thumbnailKeys[index] ?? null,
      })),
    );
  });
  await recorded.catch(async (error: unknown) => {
    await deleteFiles(
      deps,
      thumbnailKeys.filter((key) => key !== null),
    );
    throw error;
  });
  return myTaskDetail(deps, { taskId, user });
}
