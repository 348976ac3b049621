import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Translations } from '../../domain/content.ts';
import { initialStateElementId, type InitialState } from '../../domain/initial-state.ts';
import {
  defaultLanguage,
  isLanguage,
  languages,
  languageStorageKey,
  negotiateLanguage,
  translationsFreshMs,
  type Language,
} from '../../domain/languages.ts';
import { pageText } from '../../domain/page-head.ts';
import {
  languageParam,
  localizedPath,
  matchRoute,
  publicPaths,
  signedInPrefixes,
  sisterSitePaths,
  unlistedPages,
  type PublicPage,
  type RouteMatch,
} from '../../domain/routes.ts';
import type { SiteSettings } from '../../domain/site.ts';
import type { Config } from '../config.ts';
import { clientBuildDir } from '../paths.ts';
import { readTranslations } from '../modules/content/repository.ts';
import { siteSettings } from '../modules/content/site.ts';
import { errorBody } from '../errors.ts';
import { runPeriodically } from './schedule.ts';

/** The SSR entry's export (src/client/app/entry-server.tsx), loaded from its build. */
type RenderPage = (url: string, state: InitialState) => Promise<string>;

interface SentPage {
  status: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: {
      /** Texts just read from the translations table: when they differ, rendered pages go. */
      setTranslations(translations: Translations): void;
      /**
       * Renders every public page in every language in the background, and again whenever the
       * texts change, so no visitor waits for a render. The server process calls it once
       * listening; tests leave it off and render on demand.
       */
      warm(): void;
    };
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const oneYearInSeconds = 31_536_000;
const ogLocales: Record<Language, string> = { en: 'en_US', es: 'es_ES', pt: 'pt_BR' };

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

/** JSON inside a script element: `<` escaped so no text (translations are editable) can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function acceptedEncoding(request: FastifyRequest): 'brotli' | 'gzip' | 'identity' {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'brotli';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * The pages: public routes rendered on the server from the built SSR entry and cached per page
 * and language, the application's shell for its screens, the 404 page, robots.txt and
 * sitemap.xml. A page's language comes from `?lang=` (which is also remembered in the
 * `preferredLanguage` cookie), else that cookie, else, on a first visit, the browser's
 * `Accept-Language`, else English (docs/decisions/0025-first-visit-language.md).
 */
export const pagesPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; clientDir?: string }) => {
    const { config } = options;
    const clientDir = options.clientDir ?? clientBuildDir;
    const appUrl = config.appUrl;
    const site = siteSettings(config);
    // A sister site takes over applying (its redirect is in modules/content/routes.ts), so our
    // wizard is then neither served, rendered nor listed.
    const servedPages = (Object.entries(publicPaths) as [PublicPage, string][]).filter(
      ([, path]) => config.links.sisterAuth === undefined || !sisterSitePaths.includes(path),
    );
    const templatePath = path.join(clientDir, 'index.html');
    const template = fs.existsSync(templatePath)
      ? fs.readFileSync(templatePath, 'utf8')
      : undefined;
    if (template === undefined) {
      app.log.warn(`No built client in ${clientDir}; run "npm run build" to serve the web app.`);
    } else if (
      !template.includes('<!--app-head-->') ||
      !template.includes('<div id="root"></div>')
    ) {
      throw new Error(`${templatePath} lacks the <!--app-head--> or <div id="root"></div> marker`);
    }

    // The SSR build sits beside the client build (dist/ssr beside dist/client).
    const entryPath = path.join(clientDir, '..', 'ssr', 'entry-server.js');
    let renderPage: RenderPage | undefined;
    if (template !== undefined) {
      try {
        ({ renderPage } = (await import(pathToFileURL(entryPath).href)) as {
          renderPage: RenderPage;
        });
      } catch (error) {
        // The browser can still build every page itself from the shell, so the site stays up.
        app.log.error({ err: error }, `No usable SSR build at ${entryPath}; pages go unrendered`);
      }
    }

    let translations = await readTranslations(app.deps.db);
    let translationsFingerprint = JSON.stringify(translations);
    const cache = new Map<string, Promise<SentPage>>();

    let isWarming = false;
    const warm = () => {
      if (template === undefined) return;
      isWarming = true;
      // One page at a time, so requests arriving meanwhile wait for one render at most.
      const matches: RouteMatch[] = [
        ...servedPages.map(([page, path]): RouteMatch => ({ kind: 'public', page, path })),
        { kind: 'notFound' },
      ];
      const all = languages.flatMap((language) => matches.map((match) => ({ match, language })));
      void all
        .reduce(
          (previous, { match, language }) => previous.then(() => cached(match, language)),
          Promise.resolve() as Promise<unknown>,
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'Could not render the pages'));
    };
    app.decorate('pages', {
      setTranslations(next: Translations) {
        const fingerprint = JSON.stringify(next);
        if (fingerprint === translationsFingerprint) return;
        translations = next;
        translationsFingerprint = fingerprint;
        cache.clear();
        if (isWarming) warm();
      },
      warm,
    });
    // Agencies edit texts in the table; a page shows them within the time texts stay fresh
    // (five minutes), even when no browser asks GET /api/translations meanwhile.
    runPeriodically(app, {
      name: 'Re-reading the translations',
      everyMs: translationsFreshMs,
      run: async () => app.pages.setTranslations(await readTranslations(app.deps.db)),
    });

    const translate = (language: Language) => (key: string) =>
      translations[language][key] ?? translations.en[key] ?? key;

    function headFor(match: RouteMatch, language: Language): string {
      const text = pageText(match, translate(language), site.agencyName);
      const tags = [`<title>${escapeHtml(text.title)}</title>`];
      if (text.description !== undefined) {
        tags.push(`<meta name="description" content="${escapeHtml(text.description)}">`);
      }
      if (match.kind !== 'public' || unlistedPages.includes(match.page)) {
        tags.push('<meta name="robots" content="noindex">');
      }
      if (match.kind === 'public') {
        const url = (code: Language) => escapeHtml(appUrl + localizedPath(match.path, code));
        tags.push(`<link rel="canonical" href="${url(language)}">`);
        for (const code of languages) {
          tags.push(`<link rel="alternate" hreflang="${code}" href="${url(code)}">`);
        }
        tags.push(`<link rel="alternate" hreflang="x-default" href="${url(defaultLanguage)}">`);
        tags.push(
          '<meta property="og:type" content="website">',
          `<meta property="og:site_name" content="${escapeHtml(site.agencyName)}">`,
          `<meta property="og:title" content="${escapeHtml(text.title)}">`,
          `<meta property="og:description" content="${escapeHtml(text.description ?? '')}">`,
          `<meta property="og:url" content="${url(language)}">`,
          `<meta property="og:locale" content="${ogLocales[language]}">`,
          ...languages
            .filter((code) => code !== language)
            .map((code) => `<meta property="og:locale:alternate" content="${ogLocales[code]}">`),
          // Word-free artwork (scripts/generate-og-image.mjs), so it fits every language.
          `<meta property="og:image" content="${escapeHtml(`${appUrl}/images/og-image.jpg`)}">`,
          '<meta property="og:image:type" content="image/jpeg">',
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="630">',
          `<meta property="og:image:alt" content="${escapeHtml(translate(language)('meta.ogImageAlt'))}">`,
          '<meta name="twitter:card" content="summary_large_image">',
          `<script type="application/ld+json">${scriptJson(organization(site, translate(language)))}</script>`,
        );
      }
      return tags.join('');
    }

    function organization(settings: SiteSettings, t: (key: string) => string) {
      return {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: settings.agencyName,
        legalName: settings.legalEntity,
        url: `${appUrl}/`,
        logo: `${appUrl}/favicon.svg`,
        email: settings.contactEmail,
        slogan: settings.tagline ?? t('footer.tagline'),
        address: { '@type': 'PostalAddress', addressLocality: settings.city },
        sameAs: Object.values(settings.social),
      };
    }

    async function build(match: RouteMatch, language: Language): Promise<SentPage> {
      if (template === undefined) throw new Error('No built client to serve pages from');
      const state: InitialState = { language, translations: translations[language], site };
      const serverRendered = match.kind !== 'app' && renderPage !== undefined;
      // Any unknown path renders the same 404 page, so one copy per language serves them all.
      const path = match.kind === 'public' ? match.path : '/__not-found__';
      const markup = serverRendered ? await renderPage!(appUrl + path, state) : '';
      const html = template
        .replace('<html lang="en">', () => `<html lang="${language}">`)
        .replace('<!--app-head-->', () => headFor(match, language))
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root"${serverRendered ? ' data-server-rendered' : ''}>${markup}</div>` +
            `<script type="application/json" id="${initialStateElementId}">${scriptJson(state)}</script>`,
        );
      const identity = Buffer.from(html);
      return {
        status: match.kind === 'notFound' ? 404 : 200,
        // Weak: the gzip and brotli bodies are the same page, not the same bytes.
        etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        gzip: await gzip(identity, { level: 9 }),
        brotli: await brotli(identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      };
    }

    function cached(match: RouteMatch, language: Language): Promise<SentPage> {
      const key = `${match.kind === 'notFound' ? 'notFound' : match.page}:${language}`;
      let page = cache.get(key);
      if (!page) {
        page = build(match, language);
        cache.set(key, page);
        // A failed render is not kept: the next request tries again.
        page.catch(() => cache.delete(key));
      }
      return page;
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, match: RouteMatch) {
      const requested = new URL(request.url, appUrl).searchParams.get(languageParam);
      const cookie = request.cookies[languageStorageKey];
      const language = isLanguage(requested)
        ? requested
        : isLanguage(cookie)
          ? cookie
          : (negotiateLanguage(request.headers['accept-language']) ?? defaultLanguage);
      if (isLanguage(requested) && requested !== cookie) {
        reply.setCookie(languageStorageKey, requested, {
          path: '/',
          maxAge: oneYearInSeconds,
          sameSite: 'lax',
          secure: appUrl.startsWith('https:'),
        });
      }
      const page = await cached(match, language);
      // One address serves each language the cookie or, before any choice, the browser asks for,
      // so caches must tell them apart.
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      const encoding = acceptedEncoding(request);
      if (encoding !== 'identity') {
        reply.header('content-encoding', encoding === 'brotli' ? 'br' : 'gzip');
      }
      return reply.status(page.status).send(page[encoding]);
    }

    if (template !== undefined) {
      for (const [page, path] of servedPages) {
        app.get(path, (request, reply) => sendPage(request, reply, { kind: 'public', page, path }));
      }
    }

    app.get('/robots.txt', (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        ...signedInPrefixes.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${appUrl}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });

    app.get('/sitemap.xml', (_request, reply) => {
      const listed = servedPages.filter(([page]) => !unlistedPages.includes(page));
      const url = (pagePath: string, code: Language) =>
        escapeHtml(appUrl + localizedPath(pagePath, code));
      const entries = listed.flatMap(([, pagePath]) =>
        languages.map((language) =>
          [
            `<url><loc>${url(pagePath, language)}</loc>`,
            ...languages.map(
              (code) =>
                `<xhtml:link rel="alternate" hreflang="${code}" href="${url(pagePath, code)}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${url(pagePath, defaultLanguage)}"/>`,
            '</url>',
          ].join(''),
        ),
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          '<?xml version="1.0" encoding="UTF-8"?>\n' +
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
            entries.join('\n') +
            '\n</urlset>\n',
        );
    });

    // Unknown API and file paths answer JSON, pages answer HTML. Which one is the router's
    // choice (it decodes `/%61pi/...` to `/api/...` before matching), never a test of the
    // request's text.
    for (const prefix of ['/api', '/objects']) {
      app.all(
        `${prefix}/*`,
        // Not a call of the API: the answer to every address that is none (left out of its document).
        { config: { access: 'public' }, schema: { hide: true } },
        async (request: FastifyRequest<{ Params: { '*': string } }>, reply) =>
          reply.status(404).send(
            errorBody('request.not_found', {
              params: { method: request.method, path: `${prefix}/${request.params['*']}` },
            }),
          ),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
      if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile || !template) {
        return reply.status(404).send(errorBody('request.page_not_found'));
      }
      const match = matchRoute(pathname);
      if (match.kind === 'public') {
        // One address per page: /Services and /services/ lead to /services.
        const search = request.url.slice(pathname.length);
        return reply.redirect(match.path + search, 301);
      }
      return sendPage(request, reply, match);
    });
  },
  { name: 'pages' },
);
