import { describe, expect, it } from 'vitest';
import { languages } from '../languages.ts';
import { catalogueFiles, catalogues, mailCatalogues } from './index.ts';

const pluralForm = /_(zero|one|two|few|many|other)$/;

/**
 * The plural forms of every counted text, in every language. Each language's plural rules need
 * some (English one and other; Spanish and Portuguese also many, for a million), and the
 * translator (domain/i18n.ts) takes a zero form for a count of 0: Brazilian Portuguese says
 * "0 arquivos" where its rules would pick one. All languages hold all four, because the translations table keeps one row per
 * key with a text for each language.
 */
const pluralForms = ['zero', 'one', 'other', 'many'];

/**
 * Where a number meets a noun in English: a value other than `count` followed by a word in the
 * plural ("{{max}} files", "{{n}} more field(s)"), which reads "1 files" for one.
 */
const numberBeforeNoun =
  /\{\{(?!count\})(\w+)\}\}\s+(?:more\s+)?(?!(?:is|was|has|does|its|this|as|us)\b)[a-z]+(?:s\b|\(s\))/;

describe('translation catalogues', () => {
  it('have the same keys in every language, and no empty text', () => {
    for (const set of [catalogues, mailCatalogues]) {
      const englishKeys = Object.keys(set.en).sort();
      for (const catalogue of Object.values(set)) {
        expect(Object.keys(catalogue).sort()).toEqual(englishKeys);
        expect(Object.values(catalogue).filter((text) => text.trim() === '')).toEqual([]);
      }
    }
  });

  it('put in the same values in every language', () => {
    const valuesOf = (text: string) =>
      [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map(([, name]) => name).sort();
    for (const set of [catalogues, mailCatalogues]) {
      const differing = Object.entries(set.en).flatMap(([key, english]) =>
        (['es', 'pt'] as const)
          .filter((language) => {
            const other = set[language][key] ?? '';
            return valuesOf(other).join() !== valuesOf(english).join();
          })
          .map((language) => `${language} ${key}`),
      );
      expect(differing).toEqual([]);
    }
  });

  it('define each key in one area file only', () => {
    for (const files of Object.values(catalogueFiles)) {
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const [file, texts] of Object.entries(files)) {
        for (const key of Object.keys(texts)) {
          if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${file}`);
          seen.set(key, file);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('count with plural forms wherever a number meets a noun, each form the language needs', () => {
    for (const set of [catalogues, mailCatalogues]) {
      const countedBare = Object.entries(set.en)
        .filter(([, text]) => numberBeforeNoun.test(text))
        .map(([key, text]) => `${key}: "${text}" (count it: {{count}} with _one/_other forms)`);
      expect(countedBare).toEqual([]);
      for (const language of languages) {
        const catalogue = set[language];
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const withoutForms = Object.entries(catalogue)
          .filter(([key, text]) => text.includes('{{count}}') && !pluralForm.test(key))
          .map(([key]) => `${language} ${key}`);
        const bases = new Set(
          Object.keys(catalogue)
            .filter((key) => pluralForm.test(key))
            .map((key) => key.replace(pluralForm, '')),
        );
        const missing = [...bases].flatMap((base) =>
          [...new Set([...needed, ...pluralForms])]
            .filter((form) => !(`${base}_${form}` in catalogue))
            .map((form) => `${language} ${base}_${form}`),
        );
        expect([...withoutForms, ...missing]).toEqual([]);
      }
    }
  });
});
