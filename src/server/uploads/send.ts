import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';

/** A stored file as a service hands it to a route: what it is, and a way to read it. */
export interface StoredFile {
  mimeType: string;
  /** The bytes the reader gets (for an encrypted file, the plaintext's size). */
  size: number;
  /** The name the person's browser saves it under. */
  fileName: string;
  /** The bytes from `start` to `end` inclusive, or all of them. */
  open(range?: { start: number; end: number }): Readable;
}

/** One stored file as a download route sends it. */
export interface StoredFileResponse extends StoredFile {
  /** inline: shown in place (images, videos); attachment: saved. */
  disposition: 'inline' | 'attachment';
  cacheControl: string;
}

/**
 * Sends a stored file with the safe headers (never sniffed, never run as a page) and answers
 * HTTP Range requests with 206, so a video plays and seeks. An unsatisfiable range gets 416; a
 * range over several parts is answered with the whole file, as browsers never ask for one.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFileResponse,
) {
  reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.fileName, { type: file.disposition }))
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin');

  const requested = request.headers.range;
  const ranges = requested && file.size > 0 ? parseRange(file.size, requested) : undefined;
  if (ranges === -1) {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const only =
    Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes' ? ranges[0] : undefined;
  if (only) {
    const { start, end } = only;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1)
      .send(request.method === 'HEAD' ? undefined : file.open({ start, end }));
  }
  return reply
    .header('content-length', file.size)
    .send(request.method === 'HEAD' ? undefined : file.open());
}
