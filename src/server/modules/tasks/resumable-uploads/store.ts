import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Deps } from '../../../deps.ts';
import { storageDir } from '../../../storage/storage.ts';

/** An upload left unfinished this long is removed, bytes and all. */
export const resumableUploadLifetimeMs = 24 * 60 * 60 * 1000;

/** Storage folder of the bytes of uploads under way (never served; the tus store writes here). */
const resumableUploadFolder = 'resumable-uploads';
export const resumableUploadKey = (id: string) => `${resumableUploadFolder}/${id}`;

/** Where the bytes of resumable uploads wait until they finish: the tus file store, and its sweep. */
export interface ResumableUploadStore {
  datastore: FileStore;
  /** Removes an upload's bytes and the store's record of it; one already gone is no error. */
  removeBytes(uploadId: string): Promise<void>;
}

/** The tus file store in its own folder of storage (under DATA_DIR, never served statically). */
export function resumableUploadStore(deps: Pick<Deps, 'config' | 'storage'>): ResumableUploadStore {
  const datastore = new FileStore({
    directory: path.join(storageDir(deps.config.dataDir), resumableUploadFolder),
    // Tells clients when an unfinished upload goes (Upload-Expires), and lets the store's
    // own sweep remove bytes whose claim went with a deleted task or creator.
    expirationPeriodInMilliseconds: resumableUploadLifetimeMs,
  });
  return {
    datastore,
    async removeBytes(uploadId) {
      await deps.storage.delete(resumableUploadKey(uploadId));
      await datastore.configstore.delete(uploadId).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
