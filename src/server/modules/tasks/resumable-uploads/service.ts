import { randomUUID } from 'node:crypto';
import { fileKinds } from '../../../../domain/files.ts';
import type { MyTaskDetail } from '../../../../domain/tasks.ts';
import { hasControlCharacter } from '../../../../domain/text.ts';
import type { User } from '../../../../domain/users.ts';
import { withTransaction, type Deps } from '../../../deps.ts';
import { fieldError, DomainError } from '../../../errors.ts';
import type { Storage } from '../../../storage/storage.ts';
import { allowedKind, recognitionBytes } from '../../../uploads/file-kinds.ts';
import { findTaskRow } from '../repository.ts';
import { taskFileKey } from '../upload-repository.ts';
import { taskUploadRules } from '../upload-rules.ts';
import { myUploadRules, saveMyUploads } from '../upload-service.ts';
import {
  deleteUploadClaim,
  expiredUploadClaimIds,
  findUploadClaim,
  insertUploadClaim,
  type UploadClaimRow,
} from './repository.ts';
import {
  resumableUploadKey,
  resumableUploadLifetimeMs,
  type ResumableUploadStore,
} from './store.ts';

/**
 * Resumable uploads (tus, decision 0028): the same rules as the multipart call, checked when an
 * upload is created (who, which task, its status, its declared size, the file limit counting
 * uploads under way) and again when it finishes (the kind by its bytes, the status, the limit),
 * ending in the same `saveMyUploads` as the multipart call. Whatever fails leaves nothing: no
 * claim holding a place, no bytes.
 */

const notFound = () => new DomainError('not_found', 'upload.resume_not_found');

/** Gives up an upload under way: its claim, then its bytes. */
export async function releaseResumableUpload(
  deps: Deps,
  { uploadId, store }: { uploadId: string; store: ResumableUploadStore },
): Promise<void> {
  await deleteUploadClaim(deps.db, uploadId);
  await store.removeBytes(uploadId);
}

/**
 * Removes the uploads that expired by the application's clock, claims and bytes. Safe with
 * several processes: whoever deletes a claim removes its bytes.
 */
export async function removeExpiredResumableUploads(
  deps: Deps,
  store: ResumableUploadStore,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await expiredUploadClaimIds(deps.db, deps.clock().toISOString(), 100);
    for (const id of ids) {
      if (await deleteUploadClaim(deps.db, id)) {
        await store.removeBytes(id);
        removed += 1;
      }
    }
    if (ids.length < 100) return removed;
  }
}

/**
 * Takes a place under the task's file limit for a new upload, or refuses it as the multipart
 * call would: 400 no declared length, 404 not the creator's task, 409 no longer taking files,
 * 413 larger than the limit, 400 no room left. Uploads left to expire are cleared first, so their
 * places come back. The claim is the insert, made while the assignment is locked, so parallel
 * creates cannot pass the limit together.
 */
export async function startResumableUpload(
  deps: Deps,
  input: {
    uploadId: string;
    taskId: string;
    user: User;
    fileName: string;
    fileSize: number | undefined;
    store: ResumableUploadStore;
  },
): Promise<void> {
  const { uploadId, taskId, user, fileName, fileSize } = input;
  if (fileSize === undefined) throw new DomainError('invalid', 'upload.length_required');
  // What Upload-Metadata names follows the rule of every text the API takes (decision 0040).
  for (const [field, value] of Object.entries({ taskId, filename: fileName })) {
    if (hasControlCharacter(value)) throw fieldError('invalid', field, 'text.control_character');
  }
  await removeExpiredResumableUploads(deps, input.store);
  const now = deps.clock();
  await withTransaction(deps, async (deps) => {
    const rules = await myUploadRules(deps, { taskId, userId: user.id, now, lock: true });
    if (fileSize > rules.maxFileBytes) {
      throw fieldError('too_large', rules.fileField, rules.messages.tooLarge, rules.params);
    }
    if (rules.maxFiles === 0) {
      throw fieldError('invalid', rules.fileField, rules.messages.tooManyFiles, rules.params);
    }
    await insertUploadClaim(deps.db, {
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
 * The creator's own upload under way, as a request continues it: 404 when there is none of
 * theirs by this id (someone else's answers the same), 410 once it has expired, and then it is
 * released at once.
 */
export async function continueResumableUpload(
  deps: Deps,
  { uploadId, user, store }: { uploadId: string; user: User; store: ResumableUploadStore },
): Promise<UploadClaimRow> {
  const claim = await findUploadClaim(deps.db, uploadId);
  if (!claim || claim.userId !== user.id) throw notFound();
  if (claim.expiresAt <= deps.clock().toISOString()) {
    await releaseResumableUpload(deps, { uploadId, store });
    throw new DomainError('gone', 'upload.resume_expired');
  }
  return claim;
}

/** The creator cancelled an upload; the tus server removed its bytes, its place comes back. */
export async function cancelResumableUpload(deps: Deps, claim: UploadClaimRow): Promise<void> {
  await deleteUploadClaim(deps.db, claim.id);
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
 * under a task file key, and recorded by `saveMyUploads` with its claim. Either way the upload's
 * own bytes and claim are gone afterwards; when this throws, so is the task file.
 */
export async function finishResumableUpload(
  deps: Deps,
  input: { uploadId: string; claim?: UploadClaimRow; user: User; store: ResumableUploadStore },
): Promise<MyTaskDetail> {
  const { uploadId, user, store } = input;
  const claim = input.claim ?? (await findUploadClaim(deps.db, uploadId));
  if (!claim) throw notFound();
  const detail = await recordFinishedUpload(deps, { claim, user }).catch(async (error: unknown) => {
    await releaseResumableUpload(deps, { uploadId, store });
    throw error;
  });
  // The bytes now live under the task; the store's record of the upload goes.
  await store.removeBytes(uploadId);
  return detail;
}

async function recordFinishedUpload(
  deps: Deps,
  { claim, user }: { claim: UploadClaimRow; user: User },
): Promise<MyTaskDetail> {
  const task = await findTaskRow(deps.db, claim.taskId);
  if (!task) throw new DomainError('not_found', 'task.not_found');
  const rules = taskUploadRules(task, 0, deps.config.tasks.uploadMaxBytes);
  const bytes = await leadingBytes(deps.storage, resumableUploadKey(claim.id));
  const kind = await allowedKind(bytes, rules.kinds);
  if (!kind) {
    throw fieldError('unsupported', rules.fileField, rules.messages.wrongKind, rules.params);
  }
  const uploadId = randomUUID();
  const fileKey = taskFileKey(claim.taskId, uploadId);
  await deps.storage.rename(resumableUploadKey(claim.id), fileKey);
  const fileSize = await deps.storage.size(fileKey).catch(async (error: unknown) => {
    await deps.storage.delete(fileKey);
    throw error;
  });
  return saveMyUploads(deps, {
    taskId: claim.taskId,
    user,
    claimId: claim.id,
    files: [
      {
        uploadId,
        fileKey,
        fileName: claim.fileName,
        fileType: fileKinds[kind].mimeType,
        fileSize,
      },
    ],
  });
}
