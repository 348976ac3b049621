import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { MessageCode } from '../../domain/messages.ts';
import { DomainError, errorBody, invalidInputError, issuesOf, type ErrorKind } from '../errors.ts';

/** The one place a kind of refusal becomes an HTTP status. */
const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  not_found: 404,
  conflict: 409,
  gone: 410,
  stale: 412,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  unavailable: 503,
};

/** Fastify's own refusals (malformed JSON, body too large, unsupported media type) by status. */
const fastifyCodes: Record<number, MessageCode> = {
  400: 'request.unreadable',
  404: 'request.not_found',
  413: 'request.too_large',
  415: 'request.unsupported_type',
};

function sendDomainError(reply: FastifyReply, error: DomainError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply
    .status(statusOf[error.kind])
    .send(errorBody(error.code, { params: error.params, issues: error.issues }));
}

/** Every API error leaves in one shape; a 5xx says nothing of the cause, the log says it all. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // Fastify closes the connection after a body it could not read (too large, malformed, too
      // deep); a client still sending would then see a reset instead of this answer. The rest
      // of such a body is read and dropped instead (plugins/unread-bodies.ts), and the
      // connection stays open.
      reply.removeHeader('connection');
      if (error instanceof DomainError) return sendDomainError(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = issuesOf(
          error.validation.map((problem) => ({
            // The field's own path, whether it came in the body, the query or the URL (decision 0017).
            path: problem.instancePath.split('/').filter(Boolean),
            message: problem.message ?? '',
          })),
        );
        return sendDomainError(reply, invalidInputError(issues));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply
          .status(status)
          .send({ code: fastifyCodes[status] ?? 'request.invalid', message: error.message });
      }
      request.log.error({ err: error }, 'Request failed');
      return reply
        .status(500)
        .send(errorBody('server.error', { params: { reference: request.id } }));
    });
  },
  { name: 'errors' },
);
