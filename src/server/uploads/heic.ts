import { Worker } from 'node:worker_threads';

/**
 * HEIC/HEIF photos (what iPhones take). libvips, under sharp, reads HEIF only with an HEVC
 * decoder its prebuilt binaries do not carry, so these are decoded by libheif (WebAssembly, the
 * `libheif-js` package) in a worker thread started for the one photo (`heic-worker.js`), which
 * also makes the full-size JPEG and the thumbnail from the decoded pixels (decision 0044).
 */

/** The most bytes of a HEIC file read to decode it: a 50-megapixel phone photo is about 20 MB. */
export const heicMaxBytes = 64 * 1024 * 1024;

/**
 * How long one photo may take before its worker is stopped: a 12-megapixel photo takes about 3 s
 * on one busy core. Only a broken or hostile file comes near; the queue behind it must not wait.
 */
const heicTimeoutMs = 2 * 60 * 1000;

export type HeicImages =
  | { outcome: 'made'; width: number; height: number; view: Buffer; thumbnail: Buffer }
  | { outcome: 'too_large'; width: number; height: number }
  | { outcome: 'unreadable'; reason: string };

/** The worker's file: beside this one in the sources, beside main.js in the build. */
const workerFile = new URL('./heic-worker.js', import.meta.url);

/**
 * Decodes a HEIC photo in a worker of its own and answers its full-size JPEG (`view`) and its
 * WebP thumbnail, or why there are none. Photos above `maxPixels` are not decoded. The file's
 * bytes move to the worker (no copy); the worker and its memory go when it answers.
 */
export function convertHeic(
  bytes: Uint8Array<ArrayBuffer>,
  { maxPixels, thumbnailSize }: { maxPixels: number; thumbnailSize: number },
): Promise<HeicImages> {
  return new Promise((resolve) => {
    const worker = new Worker(workerFile, {
      workerData: { bytes, maxPixels, thumbnailSize },
      transferList: [bytes.buffer],
    });
    let answer: HeicImages | undefined;
    const timeout = setTimeout(() => {
      answer ??= { outcome: 'unreadable', reason: 'took too long' };
      void worker.terminate();
    }, heicTimeoutMs);
    worker.once('message', (message: HeicImages) => {
      answer ??=
        message.outcome === 'made'
          ? { ...message, view: asBuffer(message.view), thumbnail: asBuffer(message.thumbnail) }
          : message;
    });
    worker.once('error', (error) => {
      answer ??= { outcome: 'unreadable', reason: String(error) };
    });
    worker.once('exit', (code) => {
      clearTimeout(timeout);
      resolve(answer ?? { outcome: 'unreadable', reason: `the worker stopped (${code})` });
    });
  });
}

/** A Buffer over the bytes a worker sent (they arrive as a plain Uint8Array), not a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
