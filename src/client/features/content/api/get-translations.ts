import { contentPaths } from '../../../../domain/api/content-paths.ts';
import type { Translations } from '../../../../domain/content.ts';
import type { Language } from '../../../../domain/languages.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/**
 * Every language's texts, fetched when the visitor switches to a language the page lacks. By
 * path, not through `apiCall`: the endpoint's schemas would bring zod into every public page.
 */
export function getTranslations(): Promise<Translations> {
  return apiFetch<Translations>(contentPaths.translations);
}

/** One language's whole dictionary: for a page that came with the public site's texts only. */
export function getLanguageTranslations(language: Language): Promise<Partial<Translations>> {
  return apiFetch<Partial<Translations>>(
    `${contentPaths.translations}?${new URLSearchParams({ language })}`,
  );
}
