import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { checkedKey, notStored, type Storage, type StoredFileEntry } from './storage.ts';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * Bytes of a multipart upload's part: `put` holds at most `queueSize` parts in memory at once,
 * whatever the file's size (S3 takes parts of 5 MiB and more, and at most 10,000 of them).
 */
const partBytes = 8 * 1024 * 1024;
const partsInFlight = 2;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset, the SDK finds credentials as it always does (environment, instance role).
    credentials: settings.credentials,
    // Checksums only where S3 requires them: self-hosted stores do not all take the SDK's
    // default trailing checksums (aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/** A store's failure as the contract tells it: a missing key is `ENOENT`. */
function asStorageError(key: string, error: unknown): unknown {
  return isMissing(error) ? notStored(key) : error;
}

/**
 * Stored files as objects of one S3-compatible bucket, under the same keys as on disk (decision
 * 0055). Writes stream through a multipart upload, reads stream with Range, and a key is only
 * ever a whole object: an upload that fails is aborted, so nothing appears under its key.
 */
export function createS3Storage(settings: S3Settings, client = createS3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };
  const copy = async (from: string, to: string) => {
    try {
      // Keys are safe segments only (`checkedKey`): nothing in them needs escaping.
      await client.send(
        new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }),
      );
    } catch (error) {
      throw asStorageError(from, error);
    }
  };
  return {
    async put(key, content) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: content },
        partSize: partBytes,
        queueSize: partsInFlight,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    get(key, range) {
      const out = new PassThrough();
      const abort = new AbortController();
      out.once('close', () => abort.abort());
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: checkedKey(key),
            Range: range && `bytes=${range.start}-${range.end}`,
          }),
          { abortSignal: abort.signal },
        )
        .then(
          // In Node the body is a Readable; a reader that stops early destroys it with `out`.
          ({ Body }) => pipeline(Body as Readable, out, () => {}),
          (error: unknown) => out.destroy(asStorageError(key, error) as Error),
        );
      return out;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        throw asStorageError(key, error);
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    // S3 has no rename: a copy within the bucket (no bytes through this process), then a delete.
    async rename(from, to) {
      await copy(checkedKey(from), checkedKey(to));
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    // Nor links: the copy is a second object, which is what the contract asks of a link.
    async link(from, to) {
      if (await exists(checkedKey(to))) {
        throw Object.assign(new Error(`A stored file exists under ${to}`), { code: 'EEXIST' });
      }
      await copy(checkedKey(from), to);
    },
    async list(folder, { recursive = false } = {}) {
      const found: StoredFileEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: folder === '' ? '' : `${checkedKey(folder)}/`,
            Delimiter: recursive ? undefined : '/',
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) {
            found.push({
              key: object.Key,
              size: object.Size ?? 0,
              modifiedAt: object.LastModified ?? new Date(0),
            });
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
}
