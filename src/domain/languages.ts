export const languages = ['en', 'es', 'pt'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The browser storage key (and cookie name) that remembers a visitor's language. */
export const languageStorageKey = 'preferredLanguage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** How long a client may keep the translations before asking again (spec section 9). */
export const translationsFreshMs = 300_000;
