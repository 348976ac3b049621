// @ts-check
// Decodes one HEIC/HEIF photo and makes its two images: a full-size JPEG to show in browsers
// (which cannot show HEIC) and the WebP thumbnail. It runs in a worker thread of its own, started
// by heic.ts for one photo and gone after it: libheif is WebAssembly, whose decoding would hold
// the event loop for seconds and whose memory never shrinks, so every photo gets a fresh one,
// released with the thread (decision 0044).
//
// Plain JavaScript, beside heic.ts in the sources and beside main.js in the build (an entry of
// `build:server`): a worker thread loads its file with Node alone, on every Node we support.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

sharp.cache(false);
sharp.concurrency(1);

/**
 * @typedef {{ bytes: Uint8Array, maxPixels: number, thumbnailSize: number }} Job
 * @typedef {{ outcome: 'made', width: number, height: number, view: Uint8Array, thumbnail: Uint8Array }
 *   | { outcome: 'too_large', width: number, height: number }
 *   | { outcome: 'unreadable', reason: string }} Answer
 */

/** @param {Job} job @returns {Promise<Answer>} */
async function convert({ bytes, maxPixels, thumbnailSize }) {
  const wasmBinary = await readFile(require.resolve('libheif-js/libheif-wasm/libheif.wasm'));
  // Given the binary, the module is instantiated before the factory returns.
  const libheif = require('libheif-js/libheif-wasm/libheif.js')({ wasmBinary });
  const context = libheif.heif_context_alloc();
  try {
    const read = libheif.heif_context_read_from_memory(context, bytes);
    if (read.code !== libheif.heif_error_code.heif_error_Ok) {
      return { outcome: 'unreadable', reason: String(read.message) };
    }
    const handle = libheif.heif_js_context_get_primary_image_handle(context);
    if (!handle || handle.code) return { outcome: 'unreadable', reason: 'no primary image' };
    try {
      // The size as shown (rotations and crops of the file applied), known before decoding: the
      // pixel cap of every thumbnail holds here too.
      const width = libheif.heif_image_handle_get_width(handle);
      const height = libheif.heif_image_handle_get_height(handle);
      if (width * height > maxPixels) return { outcome: 'too_large', width, height };
      const hasAlpha = libheif.heif_image_handle_has_alpha_channel(handle) !== 0;
      const channels = hasAlpha ? 4 : 3;
      const image = await libheif.heif_js_decode_image2(
        handle,
        libheif.heif_colorspace.heif_colorspace_RGB,
        hasAlpha
          ? libheif.heif_chroma.heif_chroma_interleaved_RGBA
          : libheif.heif_chroma.heif_chroma_interleaved_RGB,
      );
      if (!image || image.code) return { outcome: 'unreadable', reason: 'not decoded' };
      try {
        const plane = image.channels.find(
          (/** @type {{ id: unknown }} */ channel) =>
            channel.id === libheif.heif_channel.heif_channel_interleaved,
        );
        if (!plane) return { outcome: 'unreadable', reason: 'no interleaved plane' };
        const pixels = packRows(plane.data, { width, height, channels, stride: plane.stride });
        const raw = { raw: { width, height, channels: /** @type {3 | 4} */ (channels) } };
        // Both images are read from the decoded pixels where libheif left them, never copied.
        const view = await sharp(pixels, raw)
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer();
        const thumbnail = await sharp(pixels, raw)
          .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        return { outcome: 'made', width, height, view, thumbnail };
      } finally {
        libheif.heif_image_release(image.image);
      }
    } finally {
      libheif.heif_image_handle_release(handle);
    }
  } finally {
    libheif.heif_context_free(context);
  }
}

/**
 * The decoded rows without the padding at the end of each (libheif may align rows), moved up in
 * place: sharp reads pixels packed row after row.
 *
 * @param {Uint8Array} data
 * @param {{ width: number, height: number, channels: number, stride: number }} layout
 */
function packRows(data, { width, height, channels, stride }) {
  const row = width * channels;
  if (stride !== row) {
    for (let y = 1; y < height; y++) data.copyWithin(y * row, y * stride, y * stride + row);
  }
  return Buffer.from(data.buffer, data.byteOffset, row * height);
}

convert(/** @type {Job} */ (workerData)).then(
  (answer) => parentPort?.postMessage(answer),
  (error) => parentPort?.postMessage({ outcome: 'unreadable', reason: String(error) }),
);
