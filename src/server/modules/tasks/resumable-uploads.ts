import { randomUUID } from 'node:crypto';
import { fileKinds, recognitionBytes } from '../../../domain/files.ts';
import type { MyTaskDetail } from '../../../domain/tasks.ts';
import type { User } from '../../../domain/users.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, DomainError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { allowedKind } from '../../uploads/receive.ts';
import { findTaskRow } from './repository.ts';
import { assertAcceptsFiles, countFilesHeld, saveMyUploads } from './service.ts';
import {
  deleteUploadClaim,
  expiredUploadClaimIds,
  findUploadClaim,
  insertUploadClaim,
  type UploadClaimRow,
} from './upload-claim-repository.ts';
import { taskFileKey } from './upload-repository.ts';
import { taskUploadRules } from './upload-rules.ts';

/**
 * Resumable task uploads (tus, issue 11, decision 0028): the same rules as the multipart call,
 * checked when an upload is created (who, which task, its status, its declared size, the file
 * limit counting uploads under way) and again when it finishes (the kind by its bytes, the
 * status, the limit), ending in the same `saveMyUploads` as the multipart call.
 */

/** An upload left unfinished this long is removed, bytes and all. */
export const resumableUploadLifetimeMs = 24 * 60 * 60 * 1000;

/** Storage folder of the bytes of uploads under way (never served; the tus store writes here). */
export const resumableUploadFolder = 'resumable-uploads';
export const resumableUploadKey = (id: string) => `${resumableUploadFolder}/${id}`;

/**
 * Takes a place under the task's file limit for a new upload, or refuses it as the multipart
 * call would: 404 not the creator's task, 409 no longer taking files, 413 larger than the limit,
 * 400 no room left. The claim is the insert, made while the assignment is locked, so parallel
 * creates cannot pass the limit together.
 */
export async function claimResumableUpload(
  deps: Deps,
  input: { uploadId: string; taskId: string; user: User; fileName: string; fileSize: number },
): Promise<void> {
  const { uploadId, taskId, user, fileName, fileSize } = input;
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await assertAcceptsFiles(trx, taskId, user.id, deps.dialect);
    const task = await findTaskRow(trx, taskId);
    if (!task) throw new DomainError('not_found', 'task.not_found');
    const held = await countFilesHeld(trx, taskId, user.id, now);
    const rules = taskUploadRules(task, held, deps.config.tasks.uploadMaxBytes);
    if (fileSize > rules.maxFileBytes) {
      throw fieldError('too_large', rules.fileField, rules.messages.tooLarge, rules.params);
    }
    if (rules.maxFiles === 0) {
      throw fieldError('invalid', rules.fileField, rules.messages.tooManyFiles, rules.params);
    }
    await insertUploadClaim(trx, {
      id: uploadId,
      taskId,
      userId: user.id,
      fileName: fileName.slice(0, 255),
      fileSize,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + resumableUploadLifetimeMs).toISOString(),
    });
  });
}

/**
 * The creator's own upload under way: 404 when there is none of theirs by this id (someone
 * else's answers the same), 410 once it has expired.
 */
export async function ownResumableUpload(
  deps: Deps,
  { uploadId, user }: { uploadId: string; user: User },
): Promise<UploadClaimRow> {
  const claim = await findUploadClaim(deps.db, uploadId);
  if (!claim || claim.userId !== user.id)
    throw new DomainError('not_found', 'upload.resume_not_found');
  if (claim.expiresAt <= deps.clock().toISOString()) {
    throw new DomainError('gone', 'upload.resume_expired');
  }
  return claim;
}

async function leadingBytes(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key, { start: 0, end: recognitionBytes - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A finished upload becomes a task file: its kind checked by its bytes (415 otherwise), moved
 * under a task file key, and recorded by `saveMyUploads` with its claim. When this throws, the
 * task file is gone again; the caller removes the upload's own bytes and claim.
 */
export async function finishResumableUpload(
  deps: Deps,
  { claim, user }: { claim: UploadClaimRow; user: User },
): Promise<MyTaskDetail> {
  const task = await findTaskRow(deps.db, claim.taskId);
  if (!task) throw new DomainError('not_found', 'task.not_found');
  const rules = taskUploadRules(task, 0, deps.config.tasks.uploadMaxBytes);
  const kind = allowedKind(
    await leadingBytes(deps.storage, resumableUploadKey(claim.id)),
    rules.kinds,
  );
  if (!kind)
    throw fieldError('unsupported', rules.fileField, rules.messages.wrongKind, rules.params);
  const uploadId = randomUUID();
  const fileKey = taskFileKey(claim.taskId, uploadId);
  await deps.storage.rename(resumableUploadKey(claim.id), fileKey);
  try {
    return await saveMyUploads(deps, {
      taskId: claim.taskId,
      user,
      claimId: claim.id,
      files: [
        {
          uploadId,
          fileKey,
          fileName: claim.fileName,
          fileType: fileKinds[kind].mimeType,
          fileSize: await deps.storage.size(fileKey),
        },
      ],
    });
  } catch (error) {
    await deps.storage.delete(fileKey);
    throw error;
  }
}

/** Gives up an upload under way: its claim, then its bytes. */
export async function releaseResumableUpload(
  deps: Deps,
  uploadId: string,
  removeBytes: (uploadId: string) => Promise<void>,
): Promise<void> {
  await deleteUploadClaim(deps.db, uploadId);
  await removeBytes(uploadId);
}

/**
 * Removes the uploads that expired by the application's clock, claims and bytes. Safe with
 * several processes: whoever deletes a claim removes its bytes.
 */
export async function removeExpiredResumableUploads(
  deps: Deps,
  removeBytes: (uploadId: string) => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await expiredUploadClaimIds(deps.db, deps.clock().toISOString(), 100);
    for (const id of ids) {
      if (await deleteUploadClaim(deps.db, id)) {
        await removeBytes(id);
        removed += 1;
      }
    }
    if (ids.length < 100) return removed;
  }
}
