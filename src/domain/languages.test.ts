import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './languages.ts';

describe("a browser's Accept-Language", () => {
  it('gives the best-weighted language we speak, a regional variant counting as its language', () => {
    expect(negotiateLanguage('pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('pt');
    expect(negotiateLanguage('es-419')).toBe('es');
    expect(negotiateLanguage('en-US,en;q=0.9')).toBe('en');
    expect(negotiateLanguage('fr-FR, fr;q=0.9, es;q=0.4, en;q=0.3')).toBe('es');
    expect(negotiateLanguage('en;q=0.5, PT;q=0.8')).toBe('pt');
  });

  it('keeps the browser order among equal weights, and never picks a refused language', () => {
    expect(negotiateLanguage('es, pt')).toBe('es');
    expect(negotiateLanguage('pt;q=0, es;q=0.1')).toBe('es');
  });

  it('gives nothing when none of ours is asked for, or nothing is asked', () => {
    expect(negotiateLanguage('fr, de;q=0.8, *;q=0.1')).toBeUndefined();
    expect(negotiateLanguage('')).toBeUndefined();
    expect(negotiateLanguage(undefined)).toBeUndefined();
  });
});
