import type { TFunction } from '../../domain/i18n.ts';
import type { ApiErrorBody } from '../../domain/errors.ts';
import { catalogueKey, isMessageCode } from '../../domain/messages.ts';
import { ApiError } from './api-fetch.ts';

/**
 * The domain's schemas and the server speak in message codes (src/domain/messages.ts); a code is
 * shown in the reader's language. Anything else (a text of zod's own) is shown as it came.
 */
export function translateMessage(t: TFunction, message: string): string;
export function translateMessage(t: TFunction, message: string | undefined): string | undefined;
export function translateMessage(t: TFunction, message: string | undefined) {
  if (message === undefined) return undefined;
  return isMessageCode(message) ? t(catalogueKey(message)) : message;
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
    if (isMessageCode(code)) return t(catalogueKey(code), params);
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
