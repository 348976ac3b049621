import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How much of a refused request's body is read and thrown away after the answer. A client that
 * is still sending when the answer comes (a 401 before the body, a 413 or 429 mid-upload) only
 * reads the answer once its body is out: closing on it would show it a reset connection instead
 * of the status and message. Beyond this many bytes the connection is closed after all.
 */
export const unreadBodyDiscardBytes = 64 * 1024 * 1024;

/**
 * After every answer, whatever the request's body still holds is read and discarded (never
 * stored), up to a bound, so that a refusal reaches every client while no refused byte is kept.
 */
export const unreadBodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request) => {
      const incoming = request.raw;
      if (incoming.complete || incoming.destroyed) return;
      // Whoever was reading it (a multipart parser) has given up; nothing else may take the bytes.
      incoming.unpipe();
      let discarded = 0;
      incoming.on('data', (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > unreadBodyDiscardBytes) incoming.socket?.destroy();
      });
      incoming.resume();
    });
  },
  { name: 'unread-bodies' },
);
