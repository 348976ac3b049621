import type { Translations } from '../../../../domain/content.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** Every language's texts, fetched when the visitor switches to a language the page lacks. */
export function getTranslations(): Promise<Translations> {
  return apiFetch<Translations>('/api/translations');
}
