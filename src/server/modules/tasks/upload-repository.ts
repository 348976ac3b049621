import type { Insertable, Selectable } from 'kysely';
import { pathOf } from '../../../domain/api/endpoint.ts';
import { tasksApi } from '../../../domain/api/tasks.ts';
import type { TaskUpload } from '../../../domain/tasks.ts';
import type { Db } from '../../db/database.ts';
import type { TaskUploadsTable } from '../../db/schema-tasks.ts';
import type { ImagePreviews } from '../../uploads/thumbnails.ts';

/** The queries of `task_uploads`: the files creators send for their tasks. */

export type UploadRow = Selectable<TaskUploadsTable>;

/** Where an upload's file is kept in storage. */
export const taskFileKey = (taskId: string, uploadId: string) => `tasks/${taskId}/${uploadId}`;

/**
 * An upload as both sides see it: the file, its thumbnail and its full-size view answer its
 * uploader and staff only. An image is viewed as it is, a HEIC photo through the JPEG made from
 * it (decision 0044); a video, or a photo with no preview, has no view.
 */
export function toTaskUpload(row: UploadRow): TaskUpload {
  const fileUrl = pathOf(tasksApi.file, { uploadId: row.id });
  return {
    id: row.id,
    fileName: row.fileName,
    fileUrl,
    fileSize: Number(row.fileSize),
    fileType: row.fileType,
    uploadedAt: row.uploadedAt,
    thumbnailUrl: row.thumbnailKey ? pathOf(tasksApi.thumbnail, { uploadId: row.id }) : null,
    viewUrl: !row.thumbnailKey
      ? null
      : row.viewKey
        ? pathOf(tasksApi.view, { uploadId: row.id })
        : fileUrl,
  };
}

/** The columns that name an upload's stored files. */
export const storedKeyColumns = ['fileKey', 'thumbnailKey', 'viewKey'] as const;

/** Every stored file of an upload: the original, and its previews where they were made. */
export function storedKeysOf(row: {
  fileKey: string;
  thumbnailKey: string | null;
  viewKey: string | null;
}): string[] {
  return [row.fileKey, row.thumbnailKey, row.viewKey].filter((key) => key !== null);
}

export function uploadsOf(db: Db, taskId: string, userId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('taskUploads')
    .selectAll()
    .where('taskId', '=', taskId)
    .where('userId', '=', userId)
    .orderBy('uploadedAt')
    .orderBy('id')
    .execute();
}

export async function countUploads(db: Db, taskId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('taskUploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('taskId', '=', taskId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUploads(db: Db, rows: Insertable<TaskUploadsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('taskUploads').values(rows).execute();
}

/**
 * Records the previews made for an upload after its row; answers false when the upload went
 * meanwhile (or already has them), so the caller removes them.
 */
export async function setUploadPreviews(db: Db, id: string, previews: ImagePreviews) {
  const result = await db
    .updateTable('taskUploads')
    .set(previews)
    .where('id', '=', id)
    .where('thumbnailKey', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which of these keys a task's uploads name, as their file or a preview. */
export async function storedKeysOfTask(db: Db, taskId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('taskUploads')
    .select(storedKeyColumns)
    .where('taskId', '=', taskId)
    .execute();
  return new Set(rows.flatMap(storedKeysOf));
}

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('taskUploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('taskUploads').where('id', '=', id).execute();
}

/** The stored files a person uploaded to their tasks, previews included. */
export async function uploadFileKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('taskUploads')
    .select(storedKeyColumns)
    .where('userId', '=', userId)
    .execute();
  return rows.flatMap(storedKeysOf);
}

/** Every assignee's files on one task, in the order they were sent. */
export function uploadsOfTask(db: Db, taskId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('taskUploads')
    .selectAll()
    .where('taskId', '=', taskId)
    .orderBy('uploadedAt')
    .orderBy('id')
    .execute();
}
