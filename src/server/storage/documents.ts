import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { documentKinds } from '../../domain/applications.ts';
import type { fileKinds } from '../../domain/files.ts';
import { decryptStream, encryptionOverheadBytes, encryptStream } from './document-cipher.ts';
import type { Storage } from './storage.ts';

export type DocumentKind = (typeof documentKinds)[number];
export type DocumentMimeType = (typeof fileKinds)[DocumentKind]['mimeType'];

export interface ReceivedDocument {
  fileId: string;
  mimeType: DocumentMimeType;
}

/**
 * ID documents: encrypted while they stream in (already checked by the upload module), and kept
 * under a temporary name until the application that owns them is saved. Addresses are
 * `uploads/{fileId}` in storage and `/objects/uploads/{fileId}` on the web.
 */
export interface DocumentVault {
  /** Stores an upload under a temporary name and answers its id; on failure nothing is left. */
  receive(source: Readable): Promise<string>;
  /** Gives a received document its lasting name. */
  keep(fileId: string): Promise<void>;
  /** Removes a document, received or kept. */
  discard(fileId: string): Promise<void>;
  /** The decrypted bytes of a kept document, or those from `start` to `end` inclusive. */
  open(fileId: string, range?: { start: number; end: number }): Readable;
  /** The decrypted size of a kept document. */
  size(fileId: string): Promise<number>;
  /** Removes received documents never kept (a crash between upload and save). */
  sweepAbandoned(olderThan: Date): Promise<number>;
}

/** Passes on only the bytes from `start` to `end` inclusive of what flows through. */
function sliceBytes(start: number, end: number): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(0, start - position);
      const to = Math.min(chunk.length, end + 1 - position);
      position += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

export const storedDocumentKey = (fileId: string) => `uploads/${fileId}`;
const receivedKey = (fileId: string) => `incoming/${fileId}`;

export function documentPath(fileKey: string): string {
  return `/objects/${fileKey}`;
}

export function createDocumentVault(storage: Storage, key: Buffer): DocumentVault {
  return {
    async receive(source) {
      const fileId = randomUUID();
      // A failure in either stage destroys the other, so storage.put rejects with it and deletes.
      const encrypted = pipeline(source, encryptStream(key, fileId), () => {});
      await storage.put(receivedKey(fileId), encrypted);
      return fileId;
    },
    keep: (fileId) => storage.rename(receivedKey(fileId), storedDocumentKey(fileId)),
    async discard(fileId) {
      await storage.delete(receivedKey(fileId));
      await storage.delete(storedDocumentKey(fileId));
    },
    open(fileId, range) {
      const plain = pipeline(
        storage.get(storedDocumentKey(fileId)),
        decryptStream(key, fileId),
        () => {},
      );
      // GCM runs from the start: a range is cut from the decrypted stream (documents are small).
      return range ? pipeline(plain, sliceBytes(range.start, range.end), () => {}) : plain;
    },
    size: async (fileId) =>
      (await storage.size(storedDocumentKey(fileId))) - encryptionOverheadBytes,
    async sweepAbandoned(olderThan) {
      const abandoned = (await storage.list('incoming')).filter(
        (file) => file.modifiedAt < olderThan,
      );
      for (const file of abandoned) await storage.delete(file.key);
      return abandoned.length;
    },
  };
}
