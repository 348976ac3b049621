import { randomUUID } from 'node:crypto';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { fileKinds, type FileKind } from '../../../../domain/files.ts';
import type { MyTaskDetail, UnfinishedUpload } from '../../../../domain/tasks.ts';
import { hasControlCharacter } from '../../../../domain/text.ts';
import type { User } from '../../../../domain/users.ts';
import { withTransaction, type Deps } from '../../../deps.ts';
import { fieldError, DomainError } from '../../../errors.ts';
import { allowedKind, recognitionBytes } from '../../../uploads/file-kinds.ts';
import { findAssignment } from '../assignment-repository.ts';
import { findTaskRow } from '../repository.ts';
import { myTaskDetail, taskNotFound } from '../service.ts';
import { taskFileKey } from '../upload-repository.ts';
import { taskUploadRules } from '../upload-rules.ts';
import { addThumbnails, myUploadRules, recordMyUploads } from '../upload-service.ts';
import {
  deleteUploadClaim,
  expiredUploadClaimIds,
  findUploadClaim,
  insertUploadClaim,
  liveUploadClaimsOf,
  markUploadClaimFinished,
  type UploadClaimRow,
} from './repository.ts';
import { removeLapsedLocks } from './locker.ts';
import {
  keepResumableBytesAs,
  removeResumableBytes,
  resumableBytesReceived,
  resumableLeadingBytes,
  resumableUploadLifetimeMs,
} from './store.ts';
import { releaseResumableUpload, removeUnstartedResumableUploads } from './unstarted.ts';

/**
 * Resumable uploads (tus, decisions 0028 and 0039): the same rules as the multipart call, checked
 * when an upload is created (who, which task, its status, its declared size, the file limit
 * counting uploads under way) and again when it finishes (the kind by its bytes, the status, the
 * limit), ending in the same `recordMyUploads` as the multipart call. Whatever fails leaves
 * nothing: no claim holding a place, no bytes. Finishing is claimed, so it happens once.
 */

const notFound = () => new DomainError('not_found', 'upload.resume_not_found');

/**
 * Removes the uploads that expired by the application's clock: claims, and bytes if any. Safe
 * with several processes: whoever deletes a claim removes its bytes.
 */
async function removeExpiredResumableUploads(deps: Deps): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await expiredUploadClaimIds(deps.db, deps.clock().toISOString(), 100);
    for (const id of ids) {
      if (await deleteUploadClaim(deps.db, id)) {
        await removeResumableBytes(deps.storage, id);
        removed += 1;
      }
    }
    if (ids.length < 100) return removed;
  }
}

/** The periodic sweep of uploads that expired or never started (every process runs it). */
export async function sweepResumableUploads(
  deps: Deps,
): Promise<{ expired: number; unstarted: number }> {
  const expired = await removeExpiredResumableUploads(deps);
  const unstarted = await removeUnstartedResumableUploads(deps);
  // Locks left by a process that stopped while holding them (by real time, as their leases).
  await removeLapsedLocks(deps.db, new Date(Date.now() - 60 * 60 * 1000));
  return { expired, unstarted };
}

/**
 * Takes a place under the task's file limit for a new upload, or refuses it as the multipart
 * call would: 400 no declared length, 404 not the creator's task, 409 no longer taking files,
 * 413 larger than the limit, 400 no room left. Uploads left to expire or never started are
 * cleared first, so their places come back. The claim is the insert, made while the assignment
 * is locked, so parallel creates cannot pass the limit together. Answers when it expires.
 */
export async function startResumableUpload(
  deps: Deps,
  input: {
    uploadId: string;
    taskId: string;
    user: User;
    fileName: string;
    fileSize: number | undefined;
  },
): Promise<{ expiresAt: string }> {
  const { uploadId, taskId, user, fileName, fileSize } = input;
  if (fileSize === undefined) throw new DomainError('invalid', 'upload.length_required');
  // What Upload-Metadata names follows the rule of every text the API takes (decision 0040).
  for (const [field, value] of Object.entries({ taskId, filename: fileName })) {
    if (hasControlCharacter(value)) throw fieldError('invalid', field, 'text.control_character');
  }
  await removeExpiredResumableUploads(deps);
  await removeUnstartedResumableUploads(deps, { taskId, userId: user.id });
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + resumableUploadLifetimeMs).toISOString();
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
      expiresAt,
    });
  });
  return { expiresAt };
}

/**
 * The creator's own upload, as a request continues it: 404 when there is none of theirs by this
 * id (someone else's answers the same), 410 once an unfinished one has expired, and then it is
 * released at once. A finished one is answered as it is (its row says so until it expires).
 */
export async function continueResumableUpload(
  deps: Deps,
  { uploadId, user }: { uploadId: string; user: User },
): Promise<UploadClaimRow> {
  const claim = await findUploadClaim(deps.db, uploadId);
  if (!claim || claim.userId !== user.id) throw notFound();
  if (claim.finishedUploadId) return claim;
  if (claim.expiresAt <= deps.clock().toISOString()) {
    await releaseResumableUpload(deps, uploadId);
    throw new DomainError('gone', 'upload.resume_expired');
  }
  return claim;
}

/**
 * The creator cancels an unfinished upload of theirs over tus: its claim and whatever bytes
 * arrived go, even none. 404 when there is no such upload, or it has finished.
 */
export async function cancelResumableUpload(
  deps: Deps,
  { uploadId, user }: { uploadId: string; user: User },
): Promise<void> {
  const claim = await findUploadClaim(deps.db, uploadId);
  if (claim?.userId !== user.id || !(await releaseResumableUpload(deps, uploadId))) {
    throw notFound();
  }
}

/**
 * The creator discards an unfinished upload of theirs on their task: its claim and whatever bytes
 * arrived go, even none. One that is not (or no longer) theirs and unfinished is left as it is
 * and answered the same, as any repeated delete (decision 0041); 404 when the task is not theirs.
 */
export async function discardUnfinishedUpload(
  deps: Deps,
  { taskId, uploadId, user }: { taskId: string; uploadId: string; user: User },
): Promise<void> {
  if (!(await findAssignment(deps.db, taskId, user.id))) throw taskNotFound();
  const claim = await findUploadClaim(deps.db, uploadId);
  if (claim?.userId === user.id && claim.taskId === taskId) {
    await releaseResumableUpload(deps, uploadId);
  }
}

/** The creator's unfinished uploads on their task, with how far each has come. */
export async function listUnfinishedUploads(
  deps: Deps,
  { taskId, user }: { taskId: string; user: User },
): Promise<UnfinishedUpload[]> {
  if (!(await findAssignment(deps.db, taskId, user.id))) throw taskNotFound();
  // Those that never started hold no place once their grace is over, here as in every count.
  await removeUnstartedResumableUploads(deps, { taskId, userId: user.id });
  const now = deps.clock().toISOString();
  const claims = await liveUploadClaimsOf(deps.db, { taskId, userId: user.id, now });
  return Promise.all(
    claims.map(async (claim) => ({
      id: claim.id,
      fileName: claim.fileName,
      fileSize: Number(claim.fileSize),
      offset: (await resumableBytesReceived(deps.storage, claim.id)) ?? 0,
      createdAt: claim.createdAt,
      expiresAt: claim.expiresAt,
      uploadUrl: pathOf(tasksApi.resumable, { id: claim.id }),
    })),
  );
}

/** The kind of a finished upload's bytes, if its task takes it: 404 for no task, 415 otherwise. */
async function finishedUploadKind(deps: Deps, claim: UploadClaimRow): Promise<FileKind> {
  const task = await findTaskRow(deps.db, claim.taskId);
  if (!task) throw taskNotFound();
  const rules = taskUploadRules(task, 0, deps.config.tasks.uploadMaxBytes);
  const kind = await allowedKind(
    await resumableLeadingBytes(deps.storage, claim.id, recognitionBytes),
    rules.kinds,
  );
  if (!kind)
    throw fieldError('unsupported', rules.fileField, rules.messages.wrongKind, rules.params);
  return kind;
}

/** Whether the upload was finished by this request (with the creator's task) or another. */
export type FinishOutcome = { won: true; detail: MyTaskDetail } | { won: false };

/**
 * A fully received upload becomes a task file, once however many requests finish it at once
 * (decision 0039). In one transaction: the claim is marked finished where it was not (only one
 * request can), the kind is checked by the bytes (415 otherwise), the bytes get their task key
 * (a link on disk, a copy in a bucket) and `recordMyUploads` records the row, re-checking the status and the
 * limit. Only after the commit does the upload's own name go, so a request that still finds the
 * bytes there also finds the claim finished once it may look. A refusal releases the upload,
 * bytes and claim; a request that lost answers the finished state, or 404 if the winner was
 * refused.
 */
export async function finishResumableUpload(
  deps: Deps,
  { claim, user }: { claim: UploadClaimRow; user: User },
): Promise<FinishOutcome> {
  const uploadId = randomUUID();
  const fileKey = taskFileKey(claim.taskId, uploadId);
  const state = { won: false, linked: false };
  const rows = await withTransaction(deps, async (deps) => {
    state.won = await markUploadClaimFinished(deps.db, { id: claim.id, uploadId });
    if (!state.won) return undefined;
    const kind = await finishedUploadKind(deps, claim);
    await keepResumableBytesAs(deps.storage, claim.id, fileKey);
    state.linked = true;
    const fileSize = await deps.storage.size(fileKey);
    const file = {
      uploadId,
      fileKey,
      fileName: claim.fileName,
      fileType: fileKinds[kind].mimeType,
      fileSize,
    };
    return recordMyUploads(deps, { taskId: claim.taskId, user, files: [file] });
  }).catch(async (error: unknown) => {
    if (state.linked) await deps.storage.delete(fileKey);
    if (state.won) await releaseResumableUpload(deps, claim.id);
    throw error;
  });
  if (!rows) {
    const now = await findUploadClaim(deps.db, claim.id);
    if (!now?.finishedUploadId) throw notFound();
    return { won: false };
  }
  // The bytes live under the task now; the upload's own name and the store's record go.
  await removeResumableBytes(deps.storage, claim.id);
  await addThumbnails(deps, rows);
  return { won: true, detail: await myTaskDetail(deps, { taskId: claim.taskId, user }) };
}

/**
 * Where an unfinished upload stands when a request could not simply go on with it (its bytes
 * not where the store looked, an offset that no longer matches, every byte already here):
 * how its finish went when it is finished (won when this call finished it, every byte being here
 * and nobody having done it yet), 'under way' when the request's own answer stands, 404 when it
 * is gone (bytes that vanished release it).
 */
export async function settleResumableUpload(
  deps: Deps,
  { uploadId, user }: { uploadId: string; user: User },
): Promise<FinishOutcome | 'under way'> {
  const claim = await findUploadClaim(deps.db, uploadId);
  if (!claim || claim.userId !== user.id) throw notFound();
  if (claim.finishedUploadId) return { won: false };
  const received = await resumableBytesReceived(deps.storage, uploadId);
  if (received === undefined) {
    if (await releaseResumableUpload(deps, uploadId)) throw notFound();
    // Released or finished by another request meanwhile: the claim says which.
    const after = await findUploadClaim(deps.db, uploadId);
    if (after?.finishedUploadId) return { won: false };
    throw notFound();
  }
  if (received < Number(claim.fileSize)) return 'under way';
  return finishResumableUpload(deps, { claim, user });
}
