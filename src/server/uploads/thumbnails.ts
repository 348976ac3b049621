import { pipeline, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { fileKinds } from '../../domain/files.ts';
import type { Storage } from '../storage/storage.ts';
import { convertHeic, heicMaxBytes, type HeicImages } from './heic.ts';

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

/** The full-size JPEG of a photo browsers cannot show (HEIC), beside its original too. */
export const viewKeyOf = (fileKey: string) => `${fileKey}.view.jpg`;

/**
 * What an image upload gets to be shown: its thumbnail, and for a HEIC photo a full-size JPEG
 * (`viewKey`) that browsers show in its place; any other image is shown as it is (null).
 */
export interface ImagePreviews {
  thumbnailKey: string;
  viewKey: string | null;
}

/**
 * Makes the previews of a stored image beside it and answers their keys, or null when the file
 * is no image, has more than `thumbnailMaxInputPixels`, or is one the image libraries cannot read.
 * Previews are a convenience: no failure here reaches the caller, who keeps the original either
 * way. One image at a time per process, whatever its kind (`inThumbnailQueue`).
 */
export async function makePreviews(
  storage: Storage,
  file: { fileKey: string; fileType: string },
  log: FastifyBaseLogger,
): Promise<ImagePreviews | null> {
  if (!file.fileType.startsWith('image/')) return null;
  const keys = {
    thumbnailKey: thumbnailKeyOf(file.fileKey),
    viewKey: file.fileType === fileKinds.heic.mimeType ? viewKeyOf(file.fileKey) : null,
  };
  return inThumbnailQueue(async () => {
    try {
      if (keys.viewKey) await storeHeicPreviews(storage, file.fileKey, keys.viewKey, log);
      else await storeThumbnail(storage, file.fileKey);
      return keys;
    } catch (error) {
      log.info({ err: error, key: file.fileKey }, 'No thumbnail for a stored image');
      await Promise.all(
        [keys.thumbnailKey, keys.viewKey].map((key) => key && storage.delete(key).catch(() => {})),
      );
      return null;
    }
  });
}

/** The WebP thumbnail of an image libvips reads, streamed from the original into storage. */
async function storeThumbnail(storage: Storage, fileKey: string): Promise<void> {
  const resized = sharp({ failOn: 'error', limitInputPixels: thumbnailMaxInputPixels })
    // Photos from phones are often stored sideways with an orientation tag: turn them upright.
    .rotate()
    .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 });
  // pipeline() passes a read error of the original on to the resizer, and so to storage.
  await storage.put(
    thumbnailKeyOf(fileKey),
    pipeline(storage.get(fileKey), resized, () => {}),
  );
}

/**
 * A HEIC photo, decoded once (`convertHeic`) into its full-size JPEG and its thumbnail. Its file
 * is read whole, so one larger than `heicMaxBytes` is not read at all.
 */
async function storeHeicPreviews(
  storage: Storage,
  fileKey: string,
  viewKey: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const size = await storage.size(fileKey);
  if (size > heicMaxBytes) throw new Error(`A HEIC file of ${size} bytes is not decoded`);
  const bytes = new Uint8Array(size);
  let filled = 0;
  for await (const chunk of storage.get(fileKey) as AsyncIterable<Buffer>) {
    if (filled + chunk.length > size) throw new Error('The HEIC file changed while read');
    bytes.set(chunk, filled);
    filled += chunk.length;
  }
  if (filled !== size) throw new Error('The HEIC file changed while read');
  const images = await convertHeic(bytes, {
    maxPixels: thumbnailMaxInputPixels,
    thumbnailSize,
  });
  if (images.outcome !== 'made') throw new Error(`HEIC not converted: ${describe(images)}`);
  log.debug({ key: fileKey, width: images.width, height: images.height }, 'HEIC converted');
  await storage.put(viewKey, Readable.from([images.view]));
  await storage.put(thumbnailKeyOf(fileKey), Readable.from([images.thumbnail]));
}

const describe = (images: Exclude<HeicImages, { outcome: 'made' }>) =>
  images.outcome === 'too_large' ? `${images.width} × ${images.height} pixels` : images.reason;
