import { pipeline } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.ts';

// A server resizes one image now and then: libvips' operation cache would only hold memory.
sharp.cache(false);

/** The longest side of a thumbnail, in pixels: sharp on a phone's two-column grid. */
export const thumbnailSize = 480;

/** A thumbnail sits beside its original in storage, so a folder's listing keeps them together. */
export const thumbnailKeyOf = (fileKey: string) => `${fileKey}.thumb.webp`;

/**
 * Makes a small WebP of a stored image beside it and answers its key, or null when the file is
 * no image or one the image library cannot read (a HEIC photo: libvips reads HEIF only with a
 * decoder this build does not carry). A thumbnail is a convenience: no failure here reaches the
 * caller, who keeps the original either way.
 */
export async function makeThumbnail(
  storage: Storage,
  file: { fileKey: string; fileType: string },
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!file.fileType.startsWith('image/')) return null;
  const key = thumbnailKeyOf(file.fileKey);
  try {
    const resized = sharp({ failOn: 'error' })
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
}
