import type { Language } from '../languages.ts';
import { en, enFiles } from './en.ts';
import { es, esFiles } from './es.ts';
import { pt, ptFiles } from './pt.ts';
import { mailEn, mailEs, mailPt } from './mail.ts';

export type Catalogue = Record<string, string>;

/** The bundled catalogues: the seed of the translations table and the client's fallback. */
export const catalogues: Record<Language, Catalogue> = { en, es, pt };

/** What the server alone writes: mails and notices (see mail.ts). */
export const mailCatalogues: Record<Language, Catalogue> = { en: mailEn, es: mailEs, pt: mailPt };

/** The same texts by area file, to check that no key is defined twice. */
export const catalogueFiles: Record<Language, Record<string, Catalogue>> = {
  en: { ...enFiles, mail: mailEn },
  es: { ...esFiles, mail: mailEs },
  pt: { ...ptFiles, mail: mailPt },
};
