import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request's body as a web stream the tus server reads, taken from the socket only when read:
 * a request refused before its body is wanted leaves the body to the unread-body plugin, which
 * discards it so the refusal reaches the sender.
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= raw.iterator({ destroyOnReturn: false });
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The Fastify request as the web Request the tus server takes. The server notices a sender going
 * away through `runtime.node` (its documented Node integration), so that is given too.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const webRequest = new Request(new URL(request.url, 'http://localhost'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: bodyOf(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
  Object.defineProperty(webRequest, 'runtime', {
    value: { name: 'node', node: { req: request.raw, res: reply.raw } },
  });
  return webRequest;
}
