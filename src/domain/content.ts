import { z } from 'zod';
import { languages } from './languages.ts';

/** GET /api/translations: for each language, a flat dictionary of translation key to text. */
export const translationsSchema = z.object(
  Object.fromEntries(languages.map((language) => [language, z.record(z.string(), z.string())])) as {
    [L in (typeof languages)[number]]: z.ZodRecord<z.ZodString, z.ZodString>;
  },
);
export type Translations = z.infer<typeof translationsSchema>;

/**
 * GET /api/translations?language=es: that language's dictionary alone (`{ es: {...} }`), for a
 * page that came with the public site's texts only and needs the rest (decision 0068).
 */
export const translationsQuerySchema = z.object({ language: z.enum(languages).optional() });
export const someTranslationsSchema = translationsSchema.partial();

/** A legal document of the public site: numbered sections of paragraphs and bullet lists. */
export const legalDocumentSchema = z.object({
  title: z.string(),
  lastUpdated: z.string(),
  intro: z.array(z.string()),
  sections: z.array(
    z.object({
      title: z.string(),
      /** A string is a paragraph; a list of strings is a bullet list. */
      body: z.array(z.union([z.string(), z.array(z.string())])),
    }),
  ),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/**
 * The groups of texts (a key's first part: `services.title` is in `services`) that the public
 * site's pages read, the wizard's aside: their frame, home, services, about, the legal pages,
 * thank-you and 404, and every page's title and description. These pages arrive with only these
 * texts, a fifth of the dictionary; the wizard and the application's screens fetch the rest before
 * they draw (`useAllTexts`). `site-texts.test.ts` holds every text those pages name to this list.
 */
export const siteTextGroups: ReadonlySet<string> = new Set([
  'about',
  'common',
  'contact',
  'cta',
  'error',
  'footer',
  'hero',
  'language',
  'layout',
  'legal',
  'list',
  'meta',
  'nav',
  'notFound',
  'page',
  'pending',
  'portfolio',
  'services',
  'thankYou',
  'time',
  'toast',
]);

/** The texts of `catalogue` that the public site's pages read (`siteTextGroups`). */
export function siteTexts(catalogue: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([key]) => siteTextGroups.has(key.slice(0, key.indexOf('.')))),
  );
}
