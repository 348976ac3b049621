import { describe, expect, it } from 'vitest';
import en from './en/content.json' with { type: 'json' };
import es from './es/content.json' with { type: 'json' };
import pt from './pt/content.json' with { type: 'json' };

// Names, and words that are spelt the same in both languages.
const sameInEveryLanguage = new Set([
  'cta.testimonial.name',
  'contact.story1.name',
  'contact.story2.name',
  'contact.story3.name',
]);
const sameAsEnglish = { es: new Set(['footer.legal']), pt: new Set(['nav.menu']) };

describe('the public site catalogues', () => {
  for (const [language, catalogue] of Object.entries({ es, pt }) as ['es' | 'pt', typeof es][]) {
    it(`leave no English text in ${language} but names`, () => {
      const untranslated = Object.entries(catalogue)
        .filter(([key, text]) => text === en[key as keyof typeof en])
        .map(([key]) => key)
        .filter((key) => !sameInEveryLanguage.has(key) && !sameAsEnglish[language].has(key));
      expect(untranslated).toEqual([]);
    });

    it(`keep the placeholders of the English text in ${language}`, () => {
      const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}/g)].map(String).sort();
      for (const [key, text] of Object.entries(en)) {
        expect([key, placeholders(catalogue[key as keyof typeof catalogue])]).toEqual([
          key,
          placeholders(text),
        ]);
      }
    });
  }
});
