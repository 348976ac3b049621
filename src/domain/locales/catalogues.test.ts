import { describe, expect, it } from 'vitest';
import { catalogueFiles, catalogues, mailCatalogues } from './index.ts';

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
});
