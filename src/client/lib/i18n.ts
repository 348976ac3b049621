import i18next, { type i18n as I18n } from 'i18next';
import {
  defaultLanguage,
  isLanguage,
  languageStorageKey,
  languages,
  type Language,
} from '../../domain/languages.ts';

const oneYearInSeconds = 31_536_000;

function hasBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/** The visitor's saved language; undefined when none is saved (or on the server). */
export function readStoredLanguage(): Language | undefined {
  if (!hasBrowser()) return undefined;
  try {
    const stored = window.localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    // Storage can be blocked (privacy settings); the language still works for this visit.
    return undefined;
  }
}

/**
 * Remembers the choice in local storage (spec section 4) and in a cookie, so the server can
 * render the next page in the same language.
 */
export function storeLanguage(language: Language): void {
  if (!hasBrowser()) return;
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Blocked storage only loses the memory of the choice, not the choice itself.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageStorageKey}=${language}; path=/; max-age=${oneYearInSeconds}; SameSite=Lax${secure}`;
}

/**
 * One i18next instance per app (and, on the server, per request), so two visitors rendered at
 * once never share a language. It starts with the dictionary of `language` the server handed
 * over; no catalogue ships in the bundle, and other languages are fetched when chosen.
 */
export function createI18n(language: Language, translations: Record<string, string>): I18n {
  const instance = i18next.createInstance();
  // The instance reaches components through LanguageProvider only, never a module-wide global
  // that concurrent server renders would share.
  void instance.init({
    resources: { [language]: { translation: translations } },
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    // Catalogue keys are flat ('hero.line1'), not nested objects.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Translations are complete before the first render: they are given and init is synchronous.
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
