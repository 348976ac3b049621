import type { Translations } from '../../domain/content.ts';
import { defaultLanguage, languages, type Language } from '../../domain/languages.ts';
import { pageText } from '../../domain/page-head.ts';
import { localizedPath, unlistedPages, type RouteMatch } from '../../domain/routes.ts';
import type { SiteSettings } from '../../domain/site.ts';

/** What a page's head is written from, besides the page and its language. */
export interface HeadContext {
  appUrl: string;
  site: SiteSettings;
  /** The texts of the translations table, an agency's edits included. */
  translations: Translations;
}

type Translate = (key: string) => string;

const openGraphLocales: Record<Language, string> = { en: 'en_US', es: 'es_ES', pt: 'pt_BR' };

/** Text made safe inside an HTML (or XML) element or quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

/** JSON inside a script element: `<` escaped so no text (translations are editable) can close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A public page's head, in one language. */
interface PublicPageHead {
  language: Language;
  title: string;
  description: string | undefined;
  /** The page's address in a language, escaped for an attribute. */
  url: (language: Language) => string;
  translate: Translate;
}

/**
 * The tags that go in place of `<!--app-head-->`: every page gets its title and description; a
 * public page also what search engines and link previews read (canonical and alternate-language
 * addresses, Open Graph, the agency as schema.org data). The application's screens and the 404
 * page are kept out of search results.
 */
export function headTags(match: RouteMatch, language: Language, context: HeadContext): string {
  const { appUrl, site, translations } = context;
  // A key missing in a language falls back to English, then to the key itself.
  const translate: Translate = (key) => translations[language][key] ?? translations.en[key] ?? key;
  const { title, description } = pageText(match, translate, site.agencyName);
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description !== undefined) {
    tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  }
  if (match.kind !== 'public' || unlistedPages.includes(match.page)) {
    tags.push('<meta name="robots" content="noindex">');
  }
  if (match.kind === 'public') {
    const url = (code: Language) => escapeHtml(appUrl + localizedPath(match.path, code));
    const head: PublicPageHead = { language, title, description, url, translate };
    tags.push(
      ...languageLinks(head),
      ...openGraphTags(head, context),
      `<script type="application/ld+json">${scriptJson(organization(context, translate))}</script>`,
    );
  }
  return tags.join('');
}

/** The canonical address of this language version, and where each language's version is. */
function languageLinks({ language, url }: PublicPageHead): string[] {
  return [
    `<link rel="canonical" href="${url(language)}">`,
    ...languages.map((code) => `<link rel="alternate" hreflang="${code}" href="${url(code)}">`),
    `<link rel="alternate" hreflang="x-default" href="${url(defaultLanguage)}">`,
  ];
}

/** What a link preview shows: the page's title and description and the agency's picture. */
function openGraphTags(head: PublicPageHead, { appUrl, site }: HeadContext): string[] {
  const { language, url } = head;
  return [
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(site.agencyName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description ?? '')}">`,
    `<meta property="og:url" content="${url(language)}">`,
    `<meta property="og:locale" content="${openGraphLocales[language]}">`,
    ...languages
      .filter((code) => code !== language)
      .map((code) => `<meta property="og:locale:alternate" content="${openGraphLocales[code]}">`),
    // Word-free artwork (scripts/generate-og-image.mjs), so it fits every language.
    `<meta property="og:image" content="${escapeHtml(`${appUrl}/images/og-image.jpg`)}">`,
    '<meta property="og:image:type" content="image/jpeg">',
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:alt" content="${escapeHtml(head.translate('meta.ogImageAlt'))}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ];
}

/** The agency as schema.org data, which search engines show beside its results. */
function organization({ appUrl, site }: HeadContext, translate: Translate) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.agencyName,
    legalName: site.legalEntity,
    url: `${appUrl}/`,
    logo: `${appUrl}/favicon.svg`,
    email: site.contactEmail,
    slogan: site.tagline ?? translate('footer.tagline'),
    address: { '@type': 'PostalAddress', addressLocality: site.city },
    sameAs: Object.values(site.social),
  };
}
