import type { Language } from '../languages.ts';
import { en, enFiles } from './en.ts';
import { es, esFiles } from './es.ts';
import { pt, ptFiles } from './pt.ts';

export type Catalogue = Record<string, string>;

/** The bundled catalogues: the seed of the translations table and the client's fallback. */
export const catalogues: Record<Language, Catalogue> = { en, es, pt };

/** The same texts by area file, to check that no key is defined twice. */
export const catalogueFiles: Record<Language, Record<string, Catalogue>> = {
  en: enFiles,
  es: esFiles,
  pt: ptFiles,
};
