import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../domain/errors.ts';

/** Thrown by handlers and services for an expected refusal: the status and message reach the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
  }
}

/** Every API error leaves in one shape; a 5xx says nothing of the cause, the log says it all. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send(body(error.message, error.issues));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          // The field's own path, whether it came in the body, the query or the URL (decision 0017).
          path: issue.instancePath.split('/').filter(Boolean),
          message: issue.message ?? 'Invalid value',
        }));
        return reply.status(400).send(body(issues[0]?.message ?? 'Invalid input', issues));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own refusals (malformed JSON, body too large, unsupported media type).
        return reply.status(status).send(body(error.message));
      }
      request.log.error({ err: error }, 'Request failed');
      return reply
        .status(500)
        .send(
          body(
            `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote reference ${request.id}.`,
          ),
        );
    });
  },
  { name: 'errors' },
);

export function body(message: string, issues?: ApiErrorBody['issues']): ApiErrorBody {
  return issues ? { message, issues } : { message };
}
