import type { TextValues, TFunction } from '../../domain/i18n.ts';
import type { ApiErrorBody } from '../../domain/errors.ts';
import { catalogueKey } from '../../domain/messages.ts';
import { ApiError } from './api-fetch.ts';

/**
 * A message code's text in the reader's language, or undefined when `code` is no code. The page's
 * catalogue holds every code (`message.<code>`) and a text it lacks reads as its key, so the
 * catalogue itself answers: the English one (src/domain/messages.ts) stays off the client.
 */
export function messageText(t: TFunction, code: unknown, params?: TextValues): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  const key = catalogueKey(code);
  const text = t(key, params);
  return text === key ? undefined : text;
}

/**
 * The domain's schemas and the server speak in message codes (src/domain/messages.ts); a code is
 * shown in the reader's language. Anything else (a text of zod's own) is shown as it came.
 */
export function translateMessage(t: TFunction, message: string): string;
export function translateMessage(t: TFunction, message: string | undefined): string | undefined;
export function translateMessage(t: TFunction, message: string | undefined) {
  if (message === undefined) return undefined;
  return messageText(t, message) ?? message;
}

function isErrorBody(body: unknown): body is Partial<ApiErrorBody> {
  return typeof body === 'object' && body !== null;
}

/**
 * The one way a screen says why a request failed, in the reader's language: the answer's code
 * translated, else the server's own message, else the screen's fallback.
 */
export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && isErrorBody(error.body)) {
    const { code, params, message } = error.body;
    const text = messageText(t, code, params);
    if (text !== undefined) return text;
    if (typeof message === 'string' && message !== '') return message;
  }
  return fallback;
}

/** The server's message code for a field it refused (`issues[].path`), if it named one. */
export function refusedField(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return undefined;
  }
  const { issues } = error.body as { issues?: { path?: unknown[]; code?: unknown }[] };
  const issue = issues?.find(({ path }) => path?.[0] === field);
  return typeof issue?.code === 'string' ? issue.code : undefined;
}
