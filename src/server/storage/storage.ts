import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Stored files (uploads, ID documents), addressed by a key the application makes. Nothing here
 * is served statically: every download goes through a route that checks who asks. Two stores
 * keep this one contract (tests/api/storage-contract.test.ts): local disk (the default) and an
 * S3-compatible bucket (`s3-storage.ts`, decision 0055). A key that names no file fails with
 * the code `ENOENT` in both.
 */
export interface Storage {
  /**
   * Stores the content as it streams, never whole in memory; when the content fails part-way,
   * nothing is left under the key.
   */
  put(key: string, content: Readable): Promise<void>;
  /** The file's bytes, or those from `start` to `end` inclusive. */
  get(key: string, range?: { start: number; end: number }): Readable;
  /** The stored file's size in bytes. */
  size(key: string): Promise<number>;
  /** Deleting a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Gives a stored file another key (a received document kept). */
  rename(from: string, to: string): Promise<void>;
  /**
   * Gives a stored file a second key without copying it (a finished upload taking its task
   * key); deleting either key leaves the other. Fails when `to` exists.
   */
  link(from: string, to: string): Promise<void>;
  /**
   * The files under a folder key, with their sizes and when each was last written: those
   * directly under it, or
   * with `recursive` those in its folders too. The folder `''` is the whole store (backups).
   */
  list(folder: string, options?: { recursive?: boolean }): Promise<StoredFileEntry[]>;
}

export interface StoredFileEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export function storageDir(dataDir: string): string {
  return path.join(dataDir, 'storage');
}

/** Keys are relative paths of safe segments only, in every store. */
export function checkedKey(key: string): string {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(key) || key.split('/').some((part) => /^\.+$/.test(part))) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return key;
}

/** The failure of a key that names no file, the same from every store. */
export function notStored(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file under ${key}`), { code: 'ENOENT' });
}

/** Local disk under DATA_DIR/storage. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, content) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(content, fs.createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
    },
    get(key, range) {
      return fs.createReadStream(fileOf(key), range);
    },
    async size(key) {
      return (await fs.promises.stat(fileOf(key))).size;
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async rename(from, to) {
      const target = fileOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(fileOf(from), target);
    },
    async link(from, to) {
      const target = fileOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.link(fileOf(from), target);
    },
    async list(folder, { recursive = false } = {}) {
      const dir = folder === '' ? root : fileOf(folder);
      const entries = await fs.promises
        .readdir(dir, { withFileTypes: true, recursive })
        .catch((error: NodeJS.ErrnoException) => {
          // A key that names no folder (or names a file) holds no files.
          if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
          throw error;
        });
      const found = await Promise.all(
        entries
          .filter((entry) => entry.isFile())
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            // A file deleted since the folder was read is simply not listed.
            const stats = await fs.promises.stat(file).catch(() => undefined);
            const key = path.relative(root, file).split(path.sep).join('/');
            return stats && { key, size: stats.size, modifiedAt: stats.mtime };
          }),
      );
      return found.filter((entry) => entry !== undefined);
    },
  };
}
