import { contentPaths } from '../../../../domain/api/content-paths.ts';
import type { Translations } from '../../../../domain/content.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/**
 * Every language's texts, fetched when the visitor switches to a language the page lacks. By
 * path, not through `apiCall`: the endpoint's schemas would bring zod into every public page.
 */
export function getTranslations(): Promise<Translations> {
  return apiFetch<Translations>(contentPaths.translations);
}
