import { randomUUID } from 'node:crypto';
import { fileKinds } from '../../../domain/files.ts';
import { acceptsFiles, type MyTaskDetail } from '../../../domain/tasks.ts';
import type { User } from '../../../domain/users.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { fieldError, DomainError } from '../../errors.ts';
import type { ReceivedFile, UploadRules, UploadSink } from '../../uploads/receive.ts';
import type { StoredFile } from '../../uploads/send.ts';
import { makePreviews } from '../../uploads/thumbnails.ts';
import { findAssignment } from './assignment-repository.ts';
import { findTaskRow } from './repository.ts';
import { countLiveUploadClaims } from './resumable-uploads/repository.ts';
import { removeUnstartedResumableUploads } from './resumable-uploads/unstarted.ts';
import { deleteStoredFiles, myTaskDetail, taskNotFound } from './service.ts';
import {
  countUploads,
  deleteUpload,
  findUpload,
  insertUploads,
  setUploadPreviews,
  storedKeysOf,
  taskFileKey,
  type UploadRow,
} from './upload-repository.ts';
import { taskUploadRules } from './upload-rules.ts';

/**
 * A creator's uploads: the files they send to their tasks (by either way of sending), their
 * removal, and the files themselves as their uploader and administrators may open them.
 */

const uploadNotFound = () => new DomainError('not_found', 'task.upload_not_found');

/**
 * Whether the creator may add or remove files on this task now; 404 when it is not theirs.
 * `lock` holds their assignment for the rest of the transaction (see `findAssignment`).
 */
export async function assertAcceptsFiles(
  deps: Pick<Deps, 'db' | 'dialect'>,
  { taskId, userId, lock = false }: { taskId: string; userId: string; lock?: boolean },
) {
  const assignment = await findAssignment(deps.db, taskId, userId, lock ? deps.dialect : undefined);
  if (!assignment) throw taskNotFound();
  if (!acceptsFiles(assignment.status)) throw new DomainError('conflict', 'task.files_closed');
  return assignment;
}

/**
 * How many files the creator holds on a task at `now`: those stored, and the resumable uploads
 * on their way that have not finished or expired. Every limit check counts this, so both ways
 * of sending share one limit (decision 0028), and the creator's task shows the same two numbers.
 */
async function countFilesHeld(
  deps: Deps,
  { taskId, userId, now }: { taskId: string; userId: string; now: Date },
): Promise<number> {
  const stored = await countUploads(deps.db, taskId, userId);
  const underWay = await countLiveUploadClaims(deps.db, taskId, userId, now.toISOString());
  return stored + underWay;
}

/**
 * What the creator may send to their task now, counting the files they hold at `now`: 404 when
 * it is not theirs, 409 when it no longer takes files. Inside a transaction with `lock`, their
 * assignment stays locked until it ends, so uploads starting at once are counted one by one.
 */
export async function myUploadRules(
  deps: Deps,
  input: { taskId: string; userId: string; now: Date; lock?: boolean },
): Promise<UploadRules> {
  await assertAcceptsFiles(deps, input);
  const task = await findTaskRow(deps.db, input.taskId);
  if (!task) throw taskNotFound();
  const held = await countFilesHeld(deps, input);
  return taskUploadRules(task, held, deps.config.tasks.uploadMaxBytes);
}

/** A file received for a task, already in storage under its key. */
export interface ReceivedTaskFile {
  uploadId: string;
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

/** Reads the files of one request through the task's rules into the sink (`receiveUpload`). */
export type ReceiveFiles = <T>(
  rules: UploadRules,
  sink: UploadSink<T>,
) => Promise<{ files: ReceivedFile<T>[] }>;

/**
 * The multipart way of sending: the task's rules are checked before a byte is read (so a full
 * task is refused at once), the files are streamed into storage under the task, and then
 * recorded by `saveMyUploads`, all or none.
 */
export async function uploadMyFiles(
  deps: Deps,
  { taskId, user, receive }: { taskId: string; user: User; receive: ReceiveFiles },
): Promise<MyTaskDetail> {
  // As a resumable upload's start does: places held by uploads that never started come back.
  await removeUnstartedResumableUploads(deps, { taskId, userId: user.id });
  const rules = await myUploadRules(deps, { taskId, userId: user.id, now: deps.clock() });
  if (rules.maxFiles === 0) {
    throw fieldError('invalid', rules.fileField, rules.messages.tooManyFiles, rules.params);
  }
  const upload = await receive(rules, {
    async store(bytes) {
      const uploadId = randomUUID();
      const fileKey = taskFileKey(taskId, uploadId);
      await deps.storage.put(fileKey, bytes);
      return { uploadId, fileKey };
    },
    discard: ({ fileKey }) => deps.storage.delete(fileKey),
  });
  const files: ReceivedTaskFile[] = upload.files.map((file) => ({
    ...file.stored,
    fileName: file.fileName.slice(0, 255),
    fileType: fileKinds[file.kind].mimeType,
    fileSize: file.size,
  }));
  return saveMyUploads(deps, { taskId, user, files });
}

/**
 * Records the files a creator just sent, all or none, inside the caller's transaction: the
 * assignment must still take files and the task's limit must still hold once the files are
 * counted with any sent meanwhile. Answers the rows, without thumbnails (`addThumbnails`).
 */
export async function recordMyUploads(
  deps: Deps,
  { taskId, user, files }: { taskId: string; user: User; files: ReceivedTaskFile[] },
): Promise<UploadRow[]> {
  await assertAcceptsFiles(deps, { taskId, userId: user.id, lock: true });
  const task = await findTaskRow(deps.db, taskId);
  if (!task) throw taskNotFound();
  const now = deps.clock();
  const count = await countFilesHeld(deps, { taskId, userId: user.id, now });
  if (count + files.length > task.maxFiles) {
    throw fieldError('invalid', 'files', 'task.too_many_files', { max: task.maxFiles, count });
  }
  const rows = files.map((file, index) => ({
    id: file.uploadId,
    taskId,
    userId: user.id,
    fileName: file.fileName,
    fileKey: file.fileKey,
    fileSize: file.fileSize,
    fileType: file.fileType,
    // A millisecond apart, so the files of one upload list in the order they were sent.
    uploadedAt: new Date(now.getTime() + index).toISOString(),
    thumbnailKey: null,
    viewKey: null,
  }));
  await insertUploads(deps.db, rows);
  return rows;
}

/**
 * Gives each recorded image its thumbnail (decision 0029), and a HEIC photo its full-size JPEG
 * too (decision 0044), one after another through the thumbnail queue. The rows come first: a
 * preview that never comes leaves a file without one, never a preview without a file, and a
 * refused upload costs no image work.
 */
export async function addThumbnails(deps: Deps, rows: UploadRow[]): Promise<void> {
  for (const row of rows) {
    const previews = await makePreviews(deps.storage, row, deps.log);
    if (previews && !(await setUploadPreviews(deps.db, row.id, previews))) {
      await deleteStoredFiles(
        deps,
        [previews.thumbnailKey, previews.viewKey].filter((key) => key !== null),
      );
    }
  }
}

/**
 * Records the files a creator sent in one multipart request, all or none (`recordMyUploads`),
 * then their thumbnails. When this throws, the files are gone from storage.
 */
export async function saveMyUploads(
  deps: Deps,
  input: { taskId: string; user: User; files: ReceivedTaskFile[] },
): Promise<MyTaskDetail> {
  if (input.files.length === 0) throw fieldError('invalid', 'files', 'upload.no_files');
  const rows = await withTransaction(deps, (deps) => recordMyUploads(deps, input)).catch(
    async (error: unknown) => {
      await deleteStoredFiles(
        deps,
        input.files.map((file) => file.fileKey),
      );
      throw error;
    },
  );
  await addThumbnails(deps, rows);
  return myTaskDetail(deps, { taskId: input.taskId, user: input.user });
}

/** A creator removes one of their own files, while the task is new or in progress. */
export async function deleteMyUpload(
  deps: Deps,
  { taskId, uploadId, user }: { taskId: string; uploadId: string; user: User },
): Promise<void> {
  const keys = await withTransaction(deps, async (deps) => {
    const assignment = await findAssignment(deps.db, taskId, user.id);
    if (!assignment) throw taskNotFound();
    const upload = await findUpload(deps.db, uploadId);
    // Not among their files of this task (deleted already, or never theirs: the two answer
    // alike, decision 0041): nothing to delete.
    if (!upload || upload.taskId !== taskId || upload.userId !== user.id) return [];
    if (!acceptsFiles(assignment.status)) throw new DomainError('conflict', 'task.files_closed');
    await deleteUpload(deps.db, uploadId);
    return storedKeysOf(upload);
  });
  await deleteStoredFiles(deps, keys);
}

/**
 * An upload as the asker may see it: their own, or any when they are an administrator. Anyone
 * else gets the 404 of an upload that does not exist, so no one learns that another's does
 * (decision 0021). The file and its previews answer by this one rule.
 */
async function uploadFor(deps: Deps, { uploadId, user }: { uploadId: string; user: User }) {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload || (upload.userId !== user.id && !user.isAdmin)) throw uploadNotFound();
  return upload;
}

/**
 * The size of a stored file a row names. A file gone from storage (lost with a disk, removed by
 * hand) is logged for an administrator and answered 404, as a file that does not exist.
 */
async function storedSize(deps: Deps, key: string): Promise<number> {
  try {
    return await deps.storage.size(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    deps.log.error({ key }, 'A recorded task file is missing from storage');
    throw uploadNotFound();
  }
}

/** The file of an upload, for its uploader and administrators. */
export async function openUpload(
  deps: Deps,
  input: { uploadId: string; user: User },
): Promise<StoredFile> {
  const upload = await uploadFor(deps, input);
  return {
    mimeType: upload.fileType,
    size: await storedSize(deps, upload.fileKey),
    fileName: upload.fileName,
    open: (range) => deps.storage.get(upload.fileKey, range),
  };
}

/** A preview of an image upload, under the same rule; 404 when it has none. */
async function openPreview(
  deps: Deps,
  input: { uploadId: string; user: User },
  preview: { column: 'thumbnailKey' | 'viewKey'; mimeType: string; extension: string },
): Promise<StoredFile> {
  const upload = await uploadFor(deps, input);
  const key = upload[preview.column];
  if (!key) throw uploadNotFound();
  return {
    mimeType: preview.mimeType,
    size: await storedSize(deps, key),
    fileName: `${upload.fileName}${preview.extension}`,
    open: (range) => deps.storage.get(key, range),
  };
}

/** The thumbnail of an image upload: a small WebP. */
export const openUploadThumbnail = (deps: Deps, input: { uploadId: string; user: User }) =>
  openPreview(deps, input, { column: 'thumbnailKey', mimeType: 'image/webp', extension: '.webp' });

/** The full-size JPEG made from a HEIC photo, which browsers show in its place (decision 0044). */
export const openUploadView = (deps: Deps, input: { uploadId: string; user: User }) =>
  openPreview(deps, input, { column: 'viewKey', mimeType: 'image/jpeg', extension: '.jpg' });
