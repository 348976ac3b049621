import { pipeline } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.ts';

// A server resizes one image now and then: libvips' operation cache would only hold memory.
sharp.cache(false);
// One libvips thread per image: a thumbnail is never urgent, and the cores serve requests.
sharp.concurrency(1);

/** The longest side of a thumbnail, in pixels: sharp on a phone's two-column grid. */
export const thumbnailSize = 480;

/**
 * The most pixels a thumbnail is made from: 8192 × 6144, the largest photo of a 50-megapixel
 * phone or camera. A larger image (a 16,000 × 16,000 PNG takes seconds and a gigabyte to
 * decode) is stored without one (decision 0039).
 */
export const thumbnailMaxInputPixels = 8192 * 6144;

/**
 * Thumbnails made at once in this process. sharp works on libuv's thread pool, the pool that
 * also reads every file a download sends: a queue keeps thumbnails from taking all of it.
 */
const thumbnailConcurrency = 1;

/** Runs work with at most `limit` runs under way, the others waiting their turn in order. */
function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const inThumbnailQueue = limitConcurrency(thumbnailConcurrency);

/** A thumbnail sits beside its original in storage, so a folder's listing keeps them together. */
export const thumbnailKeyOf = (fileKey: string) => `${fileKey}.thumb.webp`;

/**
 * Makes a small WebP of a stored image beside it and answers its key, or null when the file is
 * no image, has more than `thumbnailMaxInputPixels`, or is one the image library cannot read (a
 * HEIC photo: libvips reads HEIF only with a decoder this build does not carry). A thumbnail is
 * a convenience: no failure here reaches the caller, who keeps the original either way.
 */
export async function makeThumbnail(
  storage: Storage,
  file: { fileKey: string; fileType: string },
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!file.fileType.startsWith('image/')) return null;
  const key = thumbnailKeyOf(file.fileKey);
  return inThumbnailQueue(async () => {
    try {
      const resized = sharp({ failOn: 'error', limitInputPixels: thumbnailMaxInputPixels })
        // Photos from phones are often stored sideways with an orientation tag: turn them upright.
        .rotate()
        .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 });
      // pipeline() passes a read error of the original on to the resizer, and so to storage.
      await storage.put(
        key,
        pipeline(storage.get(file.fileKey), resized, () => {}),
      );
      return key;
    } catch (error) {
      log.info({ err: error, key: file.fileKey }, 'No thumbnail for a stored image');
      await storage.delete(key).catch(() => {});
      return null;
    }
  });
}
