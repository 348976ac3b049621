import { z } from 'zod';
import { languages } from './languages.ts';

/** GET /api/translations: for each language, a flat dictionary of translation key to text. */
export const translationsSchema = z.object(
  Object.fromEntries(languages.map((language) => [language, z.record(z.string(), z.string())])) as {
    [L in (typeof languages)[number]]: z.ZodRecord<z.ZodString, z.ZodString>;
  },
);
export type Translations = z.infer<typeof translationsSchema>;

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
