import type { TFunction } from 'i18next';
import { errorMessage } from './api-fetch.ts';
// Only this small file, not the whole catalogue: the reader's texts come from the server.
import messages from '../../domain/locales/en/messages.json' with { type: 'json' };

/**
 * The domain schemas and the server speak English (the spec's wording). A message listed in
 * locales/<language>/messages.json is shown in the reader's language; any other as it came.
 */
const keysByEnglish = new Map(Object.entries(messages).map(([key, text]) => [text, key]));

export function translateMessage(t: TFunction, message: string): string;
export function translateMessage(t: TFunction, message: string | undefined): string | undefined;
export function translateMessage(t: TFunction, message: string | undefined) {
  if (message === undefined) return undefined;
  const key = keysByEnglish.get(message);
  return key ? t(key) : message;
}

/** Why a request failed, in the reader's language: the server's own message, or the fallback. */
export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  return translateMessage(t, errorMessage(error, fallback));
}
