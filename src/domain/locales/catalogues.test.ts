import { describe, expect, it } from 'vitest';
import { catalogueFiles, catalogues } from './index.ts';

describe('translation catalogues', () => {
  it('have the same keys in every language, and no empty text', () => {
    const englishKeys = Object.keys(catalogues.en).sort();
    for (const catalogue of Object.values(catalogues)) {
      expect(Object.keys(catalogue).sort()).toEqual(englishKeys);
      expect(Object.values(catalogue).filter((text) => text.trim() === '')).toEqual([]);
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
