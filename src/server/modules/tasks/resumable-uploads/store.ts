import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Config } from '../../../config.ts';
import { storageDir, type Storage } from '../../../storage/storage.ts';

/** An upload left unfinished this long is removed, bytes and all. */
export const resumableUploadLifetimeMs = 24 * 60 * 60 * 1000;

/** Storage folder of the bytes of uploads under way (never served; the tus store writes here). */
export const resumableUploadFolder = 'resumable-uploads';
/** An upload's bytes in one file (the tus file store, on the local disk). */
const resumableUploadKey = (id: string) => `${resumableUploadFolder}/${id}`;
/** What the store knows of an upload (length, metadata), beside its bytes. */
const resumableUploadRecordKey = (id: string) => `${resumableUploadFolder}/${id}.json`;
/** An upload's bytes as one stored piece per request (in a bucket), named by where each starts. */
const pieceFolder = (id: string) => `${resumableUploadFolder}/${id}`;
const pieceKey = (id: string, offset: number) =>
  `${pieceFolder(id)}/${String(offset).padStart(16, '0')}`;

/**
 * An upload's bytes in a store any process can reach (decision 0055): each PATCH's bytes are
 * one stored file, streamed in (a multipart upload on S3), named by the offset they start at;
 * the offset is what the pieces hold, end to end. A request cut off keeps what it received (the
 * tus server ends the stream gracefully); one whose process stops stores nothing, as its
 * multipart upload never completes, and the client sends those bytes again.
 * `@tus/s3-store` would do this with S3's own parts, but needs ListParts and
 * AbortMultipartUpload, which the tests' S3 server (s3rver) lacks.
 */
class StoredPiecesStore extends DataStore {
  constructor(private readonly storage: Storage) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const record = JSON.stringify({ ...upload, offset: 0 });
    await this.storage.put(resumableUploadRecordKey(upload.id), Readable.from([record]));
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let received = 0;
    const counted = pipeline(
      stream,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(null, chunk);
        },
      }),
      () => {},
    );
    const key = pieceKey(id, offset);
    await this.storage.put(key, counted);
    // An empty piece would stand in the way of the next one, which starts where it did.
    if (received === 0) await this.storage.delete(key);
    return offset + received;
  }

  override async getUpload(id: string): Promise<Upload> {
    const record = await readAll(this.storage.get(resumableUploadRecordKey(id))).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw ERRORS.FILE_NOT_FOUND;
        throw error;
      },
    );
    const offset = await piecesLength(this.storage, id);
    return new Upload({ ...(JSON.parse(record.toString('utf8')) as Upload), offset });
  }

  override async remove(id: string): Promise<void> {
    await removeResumableBytes(this.storage, id);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An upload's pieces in order. */
async function piecesOf(storage: Storage, id: string) {
  const pieces = await storage.list(pieceFolder(id));
  return pieces.sort((a, b) => a.key.localeCompare(b.key));
}

/** How many bytes an upload's pieces hold end to end, from the first byte. */
async function piecesLength(storage: Storage, id: string): Promise<number> {
  let length = 0;
  for (const piece of await piecesOf(storage, id)) {
    if (Number(path.posix.basename(piece.key)) !== length) break;
    length += piece.size;
  }
  return length;
}

/**
 * The tus store: the file store in its own folder of storage on the local disk (never served
 * statically), or stored pieces in the bucket with S3, so any process can take the next PATCH.
 * Expiry is the claims' (by the application's clock), not the store's: a store that expires
 * uploads by itself would also read a finished upload's bytes after they moved (decision 0039).
 */
export function resumableUploadDatastore(
  config: Pick<Config, 'dataDir' | 's3'>,
  storage: Storage,
): DataStore {
  if (config.s3) return new StoredPiecesStore(storage);
  return new FileStore({
    directory: path.join(storageDir(config.dataDir), resumableUploadFolder),
  });
}

/** Removes an upload's bytes and the store's record of it; any already gone is no error. */
export async function removeResumableBytes(storage: Storage, uploadId: string): Promise<void> {
  await storage.delete(resumableUploadKey(uploadId));
  for (const piece of await piecesOf(storage, uploadId)) await storage.delete(piece.key);
  await storage.delete(resumableUploadRecordKey(uploadId));
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** How many bytes of an upload the store holds, or undefined when it holds none at all. */
export async function resumableBytesReceived(
  storage: Storage,
  uploadId: string,
): Promise<number | undefined> {
  try {
    return await storage.size(resumableUploadKey(uploadId));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  // In pieces, an upload is there from its creation (its record) before any byte arrives.
  try {
    await storage.size(resumableUploadRecordKey(uploadId));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  return piecesLength(storage, uploadId);
}

/** An upload's bytes from the first, as one stream. */
function resumableBytes(storage: Storage, uploadId: string): Readable {
  return Readable.from(
    (async function* () {
      try {
        await storage.size(resumableUploadKey(uploadId));
        yield* storage.get(resumableUploadKey(uploadId));
        return;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      for (const piece of await piecesOf(storage, uploadId)) yield* storage.get(piece.key);
    })(),
  );
}

/** The first `count` bytes of an upload (fewer if it holds fewer). */
export async function resumableLeadingBytes(
  storage: Storage,
  uploadId: string,
  count: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of resumableBytes(storage, uploadId)) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= count) break;
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/**
 * Gives a finished upload's bytes a task file's key: a second name of the one file (a hard link
 * on disk, no copy), or, in pieces, one stored file streamed from them. The upload's own names
 * stay until `removeResumableBytes`.
 */
export async function keepResumableBytesAs(
  storage: Storage,
  uploadId: string,
  fileKey: string,
): Promise<void> {
  try {
    await storage.link(resumableUploadKey(uploadId), fileKey);
    return;
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await storage.put(fileKey, resumableBytes(storage, uploadId));
}

/** The upload id a stored file of the store belongs to (its bytes, a piece or its record). */
export const uploadIdOfResumableKey = (key: string) =>
  (key.split('/')[1] ?? '').replace(/\.json$/, '');
