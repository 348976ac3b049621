import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Translations } from '../../domain/content.ts';
import {
  languageStorageKey,
  languages,
  translationsFreshMs,
  type Language,
} from '../../domain/languages.ts';
import {
  appPaths,
  publicPaths,
  sisterSitePaths,
  unlistedPages,
  type AppPage,
  type PublicPage,
  type RouteMatch,
} from '../../domain/routes.ts';
import type { Config } from '../config.ts';
import { readTranslations } from '../modules/content/repository.ts';
import { siteSettings } from '../modules/content/site.ts';
import { clientBuildDir } from '../paths.ts';
import { runPeriodically } from '../plugins/schedule.ts';
import { cachedPage, sendCachedPage, writeCachedPage, type CachedPage } from './cached-page.ts';
import { answerUnknownAddresses } from './not-found.ts';
import { loadClientBuild, pageHtml } from './page-html.ts';
import { chooseLanguage, pageLanguage, rememberLanguage } from './page-language.ts';
import { createRenderCache } from './render-cache.ts';
import { screenReadsLink } from './screen-reads.ts';
import { serveRobotsAndSitemap } from './robots-and-sitemap.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pages: {
      /** Texts just read from the translations table: when they differ, rendered pages go. */
      setTranslations(translations: Translations): void;
      /**
       * Renders every page (the public pages, the 404 page and the application screens' shells)
       * in every language in the background, and again whenever the texts change, so no visitor
       * waits for a render. The server process calls it once listening; tests leave it off and
       * render on demand.
       */
      warm(): void;
    };
  }
}

/**
 * The pages: public routes rendered on the server from the client's build and cached per page
 * and language, the application's shell for its screens, the 404 page, robots.txt and
 * sitemap.xml (docs/decisions/0012-language-urls-and-page-rendering.md).
 */
export const pagesPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; clientDir?: string }) => {
    const { appUrl } = options.config;
    const site = siteSettings(options.config);
    const servedPages = pagesServed(options.config);
    const build = await loadClientBuild(options.clientDir ?? clientBuildDir, app.log);
    app.addHook('onClose', async () => build?.renderer?.close());

    let translations = await readTranslations(app.deps.db);
    let renderedTranslations = JSON.stringify(translations);
    const cache = createRenderCache({
      render: async (match, language) => {
        if (!build) throw new Error('No built client to serve pages from');
        const html = await pageHtml(build, match, language, { appUrl, site, translations });
        return cachedPage(html, match.kind === 'notFound' ? 404 : 200);
      },
      onWarmingFailure: (error) => app.log.error({ err: error }, 'Could not render the pages'),
    });
    app.decorate('pages', {
      setTranslations(next: Translations) {
        const fingerprint = JSON.stringify(next);
        if (fingerprint === renderedTranslations) return;
        translations = next;
        renderedTranslations = fingerprint;
        cache.clear();
      },
      warm() {
        if (!build) return;
        const matches: RouteMatch[] = [
          ...servedPages.map(([page, path]): RouteMatch => ({ kind: 'public', page, path })),
          { kind: 'notFound' },
          ...Object.keys(appPaths).map((page): RouteMatch => ({
            kind: 'app',
            page: page as AppPage,
          })),
        ];
        cache.warm(languages.flatMap((language) => matches.map((match) => ({ match, language }))));
      },
    });
    // Agencies edit texts in the table; a page shows them within the time texts stay fresh
    // (five minutes), even when no browser asks GET /api/translations meanwhile.
    runPeriodically(app, {
      name: 'Re-reading the translations',
      everyMs: translationsFreshMs,
      run: async () => app.pages.setTranslations(await readTranslations(app.deps.db)),
    });

    async function sendPage(request: FastifyRequest, reply: FastifyReply, match: RouteMatch) {
      const { language, isNewChoice } = pageLanguage(request, appUrl);
      if (isNewChoice) rememberLanguage(reply, language, appUrl);
      const preloads =
        match.kind === 'app' ? await screenReadsLink(request, match.page) : undefined;
      if (preloads) reply.header('link', preloads);
      return sendCachedPage(request, reply, await cache.get(match, language));
    }

    if (build) {
      for (const [page, path] of servedPages) {
        app.get(path, (request, reply) => sendPage(request, reply, { kind: 'public', page, path }));
      }
      answerRenderedPagesFirst(app, servedPages, (match, language) => cache.ready(match, language));
    }
    serveRobotsAndSitemap(app, {
      appUrl,
      listedPaths: servedPages
        .filter(([page]) => !unlistedPages.includes(page))
        .map(([, path]) => path),
    });
    answerUnknownAddresses(app, build ? sendPage : undefined);
  },
  // The security headers and the cookie parser, which cached pages answered first use too.
  { name: 'pages', dependencies: ['security', 'access'] },
);

/**
 * Answers a request for a public page already rendered in its language before Fastify sees it,
 * written straight to Node's response: the same status, headers and bytes as the route's answer
 * (tests/api/pages.test.ts compares them), without the per-request work of Fastify's hooks and
 * request log, which cost a cached page four times what sending its bytes costs
 * (docs/decisions/0050-a-cached-page-costs-what-a-file-costs.md). Only the plainest requests are
 * taken: GET of a page's exact address, without a query or a body, while the server is not
 * closing; everything else, a first render included, goes to Fastify as before.
 */
function answerRenderedPagesFirst(
  app: FastifyInstance,
  servedPages: [PublicPage, string][],
  rendered: (match: RouteMatch, language: Language) => CachedPage | undefined,
) {
  const pages = new Map<string, RouteMatch>(
    servedPages.map(([page, path]) => [path, { kind: 'public', page, path }]),
  );
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (closing || request.method !== 'GET') return false;
    const match = pages.get(request.url ?? '');
    if (!match) return false;
    const { headers } = request;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
      return false;
    const remembered = headers.cookie
      ? app.parseCookie(headers.cookie)[languageStorageKey]
      : undefined;
    const { language } = chooseLanguage(null, remembered, headers['accept-language']);
    const page = rendered(match, language);
    if (!page) return false;
    // The request id as app.ts's genReqId makes it.
    writeCachedPage(request, response, page, app.securityHeaders, randomUUID());
    return true;
  };

  // Fastify's handler is the server's one request listener: it now runs after this one.
  const server = app.server;
  const listeners = server.listeners('request');
  if (listeners.length !== 1) throw new Error('Expected Fastify as the only request listener');
  const fastify = listeners[0] as (request: IncomingMessage, response: ServerResponse) => void;
  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let answered = false;
    try {
      answered = answer(request, response);
    } catch (error) {
      // Nothing is written before the last step: Fastify can still answer.
      app.log.error({ err: error }, 'Could not answer a page from the render cache');
    }
    if (!answered) fastify.call(server, request, response);
  });
}

/**
 * The public pages this site serves. A sister site takes over applying (its redirect is in
 * modules/content/routes.ts), so our wizard is then neither served, rendered nor listed.
 */
function pagesServed(config: Config): [PublicPage, string][] {
  return (Object.entries(publicPaths) as [PublicPage, string][]).filter(
    ([, path]) => config.links.sisterAuth === undefined || !sisterSitePaths.includes(path),
  );
}
