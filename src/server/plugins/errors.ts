import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiIssue } from '../../domain/errors.ts';
import {
  englishMessage,
  isMessageCode,
  type MessageCode,
  type MessageParams,
} from '../../domain/messages.ts';

/**
 * Thrown by handlers and services for an expected refusal: the status, the code and its message
 * reach the user.
 */
export class HttpError extends Error {
  readonly params?: MessageParams;
  readonly issues?: ApiIssue[];

  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    options: { params?: MessageParams; issues?: ApiIssue[] } = {},
  ) {
    super(englishMessage(code, options.params));
    this.params = options.params;
    this.issues = options.issues;
  }
}

/** One field's problem, in the shape of the API's issues. */
export function issue(
  path: (string | number)[],
  code: MessageCode,
  params?: MessageParams,
): ApiIssue {
  return { path, code, message: englishMessage(code, params) };
}

/** A refusal about one field: the same code for the whole answer and for the field. */
export function fieldError(
  status: number,
  field: string,
  code: MessageCode,
  params?: MessageParams,
): HttpError {
  return new HttpError(status, code, { params, issues: [issue([field], code, params)] });
}

/**
 * Issues from a schema check. The domain's schemas carry codes as their messages; a message that
 * is no code (one of zod's own) goes as it is, under `request.invalid`.
 */
export function issuesOf(
  problems: readonly { path: readonly PropertyKey[]; message: string }[],
): ApiIssue[] {
  return problems.map((problem) => {
    const path = problem.path.map((part) => (typeof part === 'number' ? part : String(part)));
    return isMessageCode(problem.message)
      ? issue(path, problem.message)
      : { path, code: 'request.invalid', message: problem.message };
  });
}

/** 400 for invalid input: the first issue speaks for the whole answer. */
export function invalidInputError(issues: ApiIssue[]): HttpError {
  const first = issues[0]?.code;
  return new HttpError(400, isMessageCode(first) ? first : 'request.invalid', { issues });
}

export function errorBody(
  code: MessageCode,
  options: { params?: MessageParams; issues?: ApiIssue[] } = {},
): ApiErrorBody {
  return {
    code,
    message: englishMessage(code, options.params),
    ...(options.params ? { params: options.params } : {}),
    ...(options.issues ? { issues: options.issues } : {}),
  };
}

/** Fastify's own refusals (malformed JSON, body too large, unsupported media type) by status. */
const fastifyCodes: Record<number, MessageCode> = {
  400: 'request.unreadable',
  404: 'request.not_found',
  413: 'request.too_large',
  415: 'request.unsupported_type',
};

/** Every API error leaves in one shape; a 5xx says nothing of the cause, the log says it all. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .send(errorBody(error.code, { params: error.params, issues: error.issues }));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = issuesOf(
          error.validation.map((problem) => ({
            // The field's own path, whether it came in the body, the query or the URL (decision 0017).
            path: problem.instancePath.split('/').filter(Boolean),
            message: problem.message ?? '',
          })),
        );
        const invalid = invalidInputError(issues);
        return reply.status(400).send(errorBody(invalid.code, { issues }));
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
