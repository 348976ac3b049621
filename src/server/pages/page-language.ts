import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultLanguage,
  isLanguage,
  languageStorageKey,
  negotiateLanguage,
  type Language,
} from '../../domain/languages.ts';
import { languageParam } from '../../domain/routes.ts';

const oneYearInSeconds = 31_536_000;

/**
 * The language a page is sent in: `?lang=`, else the `preferredLanguage` cookie, else, on a first
 * visit, the browser's `Accept-Language`, else English (docs/decisions/0025-first-visit-language.md).
 * A `?lang=` the cookie does not hold yet is a choice to remember; asking the browser is not.
 */
export function pageLanguage(
  request: FastifyRequest,
  appUrl: string,
): { language: Language; isNewChoice: boolean } {
  // Most addresses have no query: no URL to parse for them.
  const requested = request.url.includes('?')
    ? new URL(request.url, appUrl).searchParams.get(languageParam)
    : null;
  return chooseLanguage(
    requested,
    request.cookies[languageStorageKey],
    request.headers['accept-language'],
  );
}

/** `pageLanguage` from what the request says: `?lang=`, the cookie and `Accept-Language`. */
export function chooseLanguage(
  requested: string | null,
  remembered: string | undefined,
  acceptLanguage: string | undefined,
): { language: Language; isNewChoice: boolean } {
  if (isLanguage(requested)) return { language: requested, isNewChoice: requested !== remembered };
  if (isLanguage(remembered)) return { language: remembered, isNewChoice: false };
  return { language: browserLanguage(acceptLanguage), isNewChoice: false };
}

// Browsers send few distinct Accept-Language headers, and reading one costs more than the rest
// of a cached page's answer: each is read once. Bounded in entries and in length.
const browserLanguages = new Map<string, Language>();

function browserLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return defaultLanguage;
  let language = browserLanguages.get(acceptLanguage);
  if (!language) {
    language = negotiateLanguage(acceptLanguage) ?? defaultLanguage;
    if (acceptLanguage.length <= 200) {
      if (browserLanguages.size >= 1000) browserLanguages.clear();
      browserLanguages.set(acceptLanguage, language);
    }
  }
  return language;
}

/** Keeps the visitor's choice for their next visits, as the language switcher does. */
export function rememberLanguage(reply: FastifyReply, language: Language, appUrl: string): void {
  reply.setCookie(languageStorageKey, language, {
    path: '/',
    maxAge: oneYearInSeconds,
    sameSite: 'lax',
    secure: appUrl.startsWith('https:'),
  });
}
