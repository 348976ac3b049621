import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A text compressed once in each encoding a browser may ask for, with its ETag, so a request only
 * picks the bytes to send (docs/decisions/0035-compression-and-etags.md).
 */
export interface CompressedText {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** A page as the render cache keeps it. */
export interface CachedPage extends CompressedText {
  status: number;
}

export type Encoding = 'brotli' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export async function compressedText(text: string): Promise<CompressedText> {
  const identity = Buffer.from(text);
  return {
    // Weak: the gzip and brotli bodies are the same text, not the same bytes.
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: await gzip(identity, { level: 9 }),
    // Quality 10, not 11: a third of the time for 2 % more bytes, paid for every page in every
    // language at each start (docs/decisions/0064-pages-compressed-at-brotli-10.md).
    brotli: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
  };
}

export async function cachedPage(html: string, status: number): Promise<CachedPage> {
  return { status, ...(await compressedText(html)) };
}

/** The best encoding an Accept-Encoding header allows, of those a CompressedText holds. */
export function acceptedEncoding(accepted = ''): Encoding {
  if (/\bbr\b/.test(accepted)) return 'brotli';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

export const contentEncodings = { brotli: 'br', gzip: 'gzip' } as const;

/**
 * A page's own headers, in the order they are sent, for a full answer in `encoding` or, without
 * one, for a 304. One address serves each language the cookie or, before any choice, the browser
 * asks for, so caches must tell them apart; browsers ask again on every visit (`no-cache`: the
 * texts can change), and the ETag makes that cheap: 304, and no body.
 */
function pageHeaders(page: CachedPage, encoding?: Encoding): [string, string][] {
  const headers: [string, string][] = [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', 'no-cache'],
    ['vary', 'Cookie, Accept-Language, Accept-Encoding'],
    ['etag', page.etag],
  ];
  if (encoding && encoding !== 'identity')
    headers.push(['content-encoding', contentEncodings[encoding]]);
  return headers;
}

/** Sends a cached page in the best encoding the browser accepts, or 304 if it has this one. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const notModified = request.headers['if-none-match'] === page.etag;
  const encoding = notModified ? undefined : acceptedEncoding(request.headers['accept-encoding']);
  for (const [name, value] of pageHeaders(page, encoding)) reply.header(name, value);
  if (!encoding) return reply.status(304).send();
  return reply.status(page.status).send(page[encoding]);
}

/**
 * A page's whole header block, flat, for each answer it can be sent as, built once per page:
 * only the request id changes from one answer to the next. It is written into its slot just
 * before `writeHead`, which reads the block at once and keeps no reference to it.
 */
const headerBlocks = new WeakMap<
  CachedPage,
  Map<Encoding | 'notModified', { headers: string[]; requestIdSlot: number }>
>();

/**
 * Writes the same answer as `sendCachedPage` (and the hooks every Fastify answer passes through)
 * straight to Node's response: the security headers first, the page's own, the request id, the
 * length. For plugin.ts's answers that skip Fastify (docs/decisions/0050-*.md).
 */
export function writeCachedPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: CachedPage,
  securityHeaders: readonly (readonly [string, string])[],
  requestId: string,
): void {
  let blocks = headerBlocks.get(page);
  if (!blocks) {
    blocks = new Map();
    headerBlocks.set(page, blocks);
  }
  const notModified = request.headers['if-none-match'] === page.etag;
  const encoding = notModified ? undefined : acceptedEncoding(request.headers['accept-encoding']);
  const kind = encoding ?? 'notModified';
  let block = blocks.get(kind);
  if (!block) {
    const headers = [...securityHeaders, ...pageHeaders(page, encoding)].flat();
    headers.push('x-request-id', '');
    const requestIdSlot = headers.length - 1;
    if (encoding) headers.push('content-length', String(page[encoding].length));
    block = { headers, requestIdSlot };
    blocks.set(kind, block);
  }
  block.headers[block.requestIdSlot] = requestId;
  if (!encoding) {
    response.writeHead(304, block.headers);
    response.end();
    return;
  }
  response.writeHead(page.status, block.headers);
  response.end(page[encoding]);
}
