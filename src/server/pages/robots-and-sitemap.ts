import type { FastifyInstance } from 'fastify';
import { defaultLanguage, languages, type Language } from '../../domain/languages.ts';
import { localizedPath, signedInPrefixes } from '../../domain/routes.ts';
import { escapeHtml } from './head-tags.ts';

/** Both change only with the code or the configuration, so caches may keep them an hour. */
const cacheControl = 'public, max-age=3600';

/**
 * What search engines read before the pages: robots.txt keeps them out of the API and the
 * signed-in screens, and the sitemap lists every version of each listed page with its
 * alternates, as the pages' own head tags do.
 */
export function serveRobotsAndSitemap(
  app: FastifyInstance,
  { appUrl, listedPaths }: { appUrl: string; listedPaths: string[] },
): void {
  const robots = robotsTxt(appUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  const sitemap = sitemapXml(appUrl, listedPaths);
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(sitemap),
  );
}

function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...signedInPrefixes.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapXml(appUrl: string, listedPaths: string[]): string {
  const url = (path: string, language: Language) =>
    escapeHtml(appUrl + localizedPath(path, language));
  const entries = listedPaths.flatMap((path) =>
    languages.map((language) =>
      [
        `<url><loc>${url(path, language)}</loc>`,
        ...languages.map(
          (code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${url(path, code)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, defaultLanguage)}"/>`,
        '</url>',
      ].join(''),
    ),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}
