import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Config } from '../../../config.ts';
import { storageDir, type Storage } from '../../../storage/storage.ts';

/** An upload left unfinished this long is removed, bytes and all. */
export const resumableUploadLifetimeMs = 24 * 60 * 60 * 1000;

/** Storage folder of the bytes of uploads under way (never served; the tus store writes here). */
export const resumableUploadFolder = 'resumable-uploads';
export const resumableUploadKey = (id: string) => `${resumableUploadFolder}/${id}`;
/** The tus file store keeps what it knows of an upload (length, metadata) beside its bytes. */
const resumableUploadRecordKey = (id: string) => `${resumableUploadFolder}/${id}.json`;

/**
 * The tus file store in its own folder of storage (under DATA_DIR, never served statically).
 * Expiry is the claims' (by the application's clock), not the store's: a store that expires
 * uploads by itself would also read a finished upload's bytes after they moved (decision 0039).
 */
export function resumableUploadDatastore(config: Pick<Config, 'dataDir'>): FileStore {
  return new FileStore({
    directory: path.join(storageDir(config.dataDir), resumableUploadFolder),
  });
}

/** Removes an upload's bytes and the store's record of it; either already gone is no error. */
export async function removeResumableBytes(storage: Storage, uploadId: string): Promise<void> {
  await storage.delete(resumableUploadKey(uploadId));
  await storage.delete(resumableUploadRecordKey(uploadId));
}

/** How many bytes of an upload the store holds, or undefined when it holds none at all. */
export async function resumableBytesReceived(
  storage: Storage,
  uploadId: string,
): Promise<number | undefined> {
  return storage.size(resumableUploadKey(uploadId)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/** The upload id a stored file of the store belongs to (its bytes or its record). */
export const uploadIdOfResumableKey = (key: string) =>
  path.posix.basename(key).replace(/\.json$/, '');
