import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A page as the render cache keeps it: compressed once, at the strongest settings, with its ETag,
 * so a request only picks the bytes to send (docs/decisions/0035-compression-and-etags.md).
 */
export interface CachedPage {
  status: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

type Encoding = 'brotli' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export async function cachedPage(html: string, status: number): Promise<CachedPage> {
  const identity = Buffer.from(html);
  return {
    status,
    // Weak: the gzip and brotli bodies are the same page, not the same bytes.
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: await gzip(identity, { level: 9 }),
    brotli: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'brotli';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * Sends a cached page in the best encoding the browser accepts. Browsers ask again on every visit
 * (`no-cache`: the texts can change), and the ETag makes that cheap: 304, and no body.
 */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  // One address serves each language the cookie or, before any choice, the browser asks for,
  // so caches must tell them apart.
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = acceptedEncoding(request);
  if (encoding !== 'identity') {
    reply.header('content-encoding', encoding === 'brotli' ? 'br' : 'gzip');
  }
  return reply.status(page.status).send(page[encoding]);
}
