import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { HttpError } from '../plugins/errors.ts';
import { decryptStream, encryptStream } from './document-cipher.ts';
import type { Storage } from './storage.ts';

/** The file types an ID document may be, recognised by their first bytes, never by their name. */
const signatures = [
  { mimeType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { mimeType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'application/pdf', bytes: Buffer.from('%PDF-') },
] as const;
const longestSignature = Math.max(...signatures.map((signature) => signature.bytes.length));

export type DocumentMimeType = (typeof signatures)[number]['mimeType'];

/** The spec's texts (section 5), so the wizard shows them in the visitor's language. */
export const documentTypeMessage = 'Please upload a JPEG, PNG, or PDF file.';
export const documentSizeMessage = 'Please upload a file smaller than 10MB.';

const wrongType = () =>
  new HttpError(415, documentTypeMessage, [{ path: ['idDocument'], message: documentTypeMessage }]);
const tooLarge = () =>
  new HttpError(413, documentSizeMessage, [{ path: ['idDocument'], message: documentSizeMessage }]);

/**
 * Passes the bytes through unchanged, failing with 415 when they do not start like a JPEG, PNG
 * or PDF and with 413 as soon as they pass `maxBytes`. Only the first few bytes are ever held.
 */
function checkDocument(maxBytes: number, found: (mimeType: DocumentMimeType) => void): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  let size = 0;
  const recognise = (bytes: Buffer) =>
    signatures.find((signature) =>
      bytes.subarray(0, signature.bytes.length).equals(signature.bytes),
    );
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(tooLarge());
      if (!head) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < longestSignature) return callback();
      const signature = recognise(head);
      if (!signature) return callback(wrongType());
      found(signature.mimeType);
      const held = head;
      head = undefined;
      callback(null, held);
    },
    flush(callback) {
      if (!head) return callback();
      // A file shorter than the longest signature can still be a (tiny) JPEG or PDF.
      const signature = head.length > 0 ? recognise(head) : undefined;
      if (!signature) return callback(wrongType());
      found(signature.mimeType);
      callback(null, head);
    },
  });
}

export interface ReceivedDocument {
  fileId: string;
  mimeType: DocumentMimeType;
}

/**
 * ID documents: checked by their bytes, encrypted while they stream in, and kept under a
 * temporary name until the application that owns them is saved. Addresses are
 * `uploads/{fileId}` in storage and `/objects/uploads/{fileId}` on the web.
 */
export interface DocumentVault {
  /** Stores an upload under its temporary name; on any failure nothing is left behind. */
  receive(source: Readable, maxBytes: number): Promise<ReceivedDocument>;
  /** Gives a received document its lasting name. */
  keep(fileId: string): Promise<void>;
  /** Removes a document, received or kept. */
  discard(fileId: string): Promise<void>;
  /** The decrypted bytes of a kept document. */
  open(fileId: string): Readable;
  /** Removes received documents never kept (a crash between upload and save). */
  sweepAbandoned(olderThan: Date): Promise<number>;
}

export const storedDocumentKey = (fileId: string) => `uploads/${fileId}`;
const receivedKey = (fileId: string) => `incoming/${fileId}`;

export function documentPath(fileKey: string): string {
  return `/objects/${fileKey}`;
}

export function createDocumentVault(storage: Storage, key: Buffer): DocumentVault {
  return {
    async receive(source, maxBytes) {
      const fileId = randomUUID();
      let mimeType: DocumentMimeType | undefined;
      // A failure in any stage destroys the others, so storage.put rejects with it and deletes.
      const encrypted = pipeline(
        source,
        checkDocument(maxBytes, (found) => (mimeType = found)),
        encryptStream(key, fileId),
        () => {},
      );
      try {
        await storage.put(receivedKey(fileId), encrypted);
      } catch (error) {
        await storage.delete(receivedKey(fileId));
        throw error;
      }
      if (!mimeType) throw new Error('A stored document has no recognised type');
      return { fileId, mimeType };
    },
    keep: (fileId) => storage.rename(receivedKey(fileId), storedDocumentKey(fileId)),
    async discard(fileId) {
      await storage.delete(receivedKey(fileId));
      await storage.delete(storedDocumentKey(fileId));
    },
    open: (fileId) =>
      pipeline(storage.get(storedDocumentKey(fileId)), decryptStream(key, fileId), () => {}),
    async sweepAbandoned(olderThan) {
      const abandoned = (await storage.list('incoming')).filter(
        (file) => file.modifiedAt < olderThan,
      );
      for (const file of abandoned) await storage.delete(file.key);
      return abandoned.length;
    },
  };
}
