import type { Language } from '../languages.ts';
import { en, enFiles } from './en.ts';
import { es, esFiles } from './es.ts';
import { pt, ptFiles } from './pt.ts';
import { mailFiles } from './mail.ts';

export type Catalogue = Record<string, string>;

/** The bundled catalogues: the seed of the translations table and the client's fallback. */
export const catalogues: Record<Language, Catalogue> = { en, es, pt };

const merged = (files: Record<string, Catalogue>): Catalogue =>
  Object.assign({}, ...Object.values(files));

/** What the server alone writes: mails and notifications (see mail.ts). */
export const mailCatalogues: Record<Language, Catalogue> = {
  en: merged(mailFiles.en),
  es: merged(mailFiles.es),
  pt: merged(mailFiles.pt),
};

const prefixed = (files: Record<string, Catalogue>) =>
  Object.fromEntries(Object.entries(files).map(([area, texts]) => [`mail/${area}`, texts]));

/** The same texts by area file, to check that no key is defined twice. */
export const catalogueFiles: Record<Language, Record<string, Catalogue>> = {
  en: { ...enFiles, ...prefixed(mailFiles.en) },
  es: { ...esFiles, ...prefixed(mailFiles.es) },
  pt: { ...ptFiles, ...prefixed(mailFiles.pt) },
};
