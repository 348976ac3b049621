export const languages = ['en', 'es', 'pt'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The browser storage key (and cookie name) that remembers a visitor's language. */
export const languageStorageKey = 'preferredLanguage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** How long a client may keep the translations before asking again (docs/product.md, section 2). */
export const translationsFreshMs = 300_000;

/**
 * The language a browser asks for in its `Accept-Language` header, among ours: the best-weighted
 * one we speak (`pt-BR` counts as `pt`), or undefined when it asks for none of them. Used only
 * on a first visit, before the visitor has chosen (docs/decisions/0025-first-visit-language.md).
 */
export function negotiateLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header.split(',').flatMap((part, order) => {
    const [range = '', ...params] = part.trim().split(';');
    const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
    const quality = weight === undefined ? 1 : Number(weight);
    const language = range.trim().toLowerCase().split('-')[0];
    return isLanguage(language) && quality > 0 ? [{ language, quality, order }] : [];
  });
  // Stable: among equal weights the browser's own order decides.
  ranges.sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranges[0]?.language;
}
