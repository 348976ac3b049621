import type { ApiErrorBody, ApiIssue } from '../domain/errors.ts';
import { isMessageCode, type MessageCode, type MessageParams } from '../domain/messages.ts';
import { englishMessage } from './texts.ts';

/**
 * What kind of refusal an error is, in the business's terms. Services and repositories say what
 * went wrong; the errors plugin alone turns a kind into an HTTP status.
 */
export type ErrorKind =
  /** The input breaks a rule (400). */
  | 'invalid'
  /** The person's credentials do not match (401). */
  | 'unauthenticated'
  /** No such record, or not the caller's: the two are never told apart (404). */
  | 'not_found'
  /** The record's state does not allow it: a duplicate, a closed task, the last administrator (409). */
  | 'conflict'
  /** It was there and is no more: an expired upload (410). */
  | 'gone'
  /** The caller's copy is out of date (412). */
  | 'stale'
  /** More bytes than allowed (413). */
  | 'too_large'
  /** A kind of file or content that is not accepted (415). */
  | 'unsupported'
  /** Over a limit of attempts; carries the seconds to wait (429). */
  | 'too_many'
  /** A part the product needs does not answer (503). */
  | 'unavailable';

interface ErrorDetails {
  params?: MessageParams;
  issues?: ApiIssue[];
  /** For `too_many`: the seconds until another attempt is accepted. */
  retryAfterSeconds?: number;
}

/**
 * An expected refusal, thrown by services (and by the HTTP layer's own checks): its code and
 * message reach the person; its kind decides the status.
 */
export class DomainError extends Error {
  readonly params?: MessageParams;
  readonly issues?: ApiIssue[];
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    readonly code: MessageCode,
    details: ErrorDetails = {},
  ) {
    super(englishMessage(code, details.params));
    this.params = details.params;
    this.issues = details.issues;
    this.retryAfterSeconds = details.retryAfterSeconds;
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
  kind: ErrorKind,
  field: string,
  code: MessageCode,
  params?: MessageParams,
): DomainError {
  return new DomainError(kind, code, { params, issues: [issue([field], code, params)] });
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

/** Invalid input: the first issue speaks for the whole answer. */
export function invalidInputError(issues: ApiIssue[]): DomainError {
  const first = issues[0]?.code;
  return new DomainError('invalid', isMessageCode(first) ? first : 'request.invalid', { issues });
}

/** Over a limit: the message's minutes (`count`) rounded up, and the seconds for Retry-After. */
export function tooManyAttempts(code: MessageCode, retryAfterSeconds: number): DomainError {
  return new DomainError('too_many', code, {
    params: { count: Math.ceil(retryAfterSeconds / 60) },
    retryAfterSeconds,
  });
}

/** The API's one error shape for a code. */
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
