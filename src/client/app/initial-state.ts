import { contentPaths } from '../../domain/api/content-paths.ts';
import type { Translations } from '../../domain/content.ts';
import { initialStateElementId, type InitialState } from '../../domain/initial-state.ts';
import { defaultLanguage } from '../../domain/languages.ts';
import type { SiteSettings } from '../../domain/site.ts';
import { apiFetch } from '../lib/api-fetch.ts';
import { readStoredLanguage } from '../lib/i18n.ts';

/**
 * What the server put in the page. Only the Vite dev server sends a page without it; then the
 * same facts are fetched before the first render (by path: the public pages ship without zod).
 */
export async function loadInitialState(): Promise<InitialState> {
  const element = document.getElementById(initialStateElementId);
  if (element?.textContent) return JSON.parse(element.textContent) as InitialState;

  const language = readStoredLanguage() ?? defaultLanguage;
  const [translations, site] = await Promise.all([
    apiFetch<Translations>(contentPaths.translations),
    apiFetch<SiteSettings>(contentPaths.site),
  ]);
  return { language, translations: translations[language], translationsComplete: true, site };
}
