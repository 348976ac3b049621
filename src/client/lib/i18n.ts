import { isLanguage, languageStorageKey, type Language } from '../../domain/languages.ts';

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
 * Remembers the choice in local storage (docs/product.md, section 2) and in a cookie, so the server
 * can render the next page in the same language.
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
