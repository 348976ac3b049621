import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Translations } from '../../domain/content.ts';
import { languages, translationsFreshMs } from '../../domain/languages.ts';
import {
  publicPaths,
  sisterSitePaths,
  unlistedPages,
  type PublicPage,
  type RouteMatch,
} from '../../domain/routes.ts';
import type { Config } from '../config.ts';
import { readTranslations } from '../modules/content/repository.ts';
import { siteSettings } from '../modules/content/site.ts';
import { clientBuildDir } from '../paths.ts';
import { runPeriodically } from '../plugins/schedule.ts';
import { cachedPage, sendCachedPage } from './cached-page.ts';
import { answerUnknownAddresses } from './not-found.ts';
import { loadClientBuild, pageHtml } from './page-html.ts';
import { pageLanguage, rememberLanguage } from './page-language.ts';
import { createRenderCache } from './render-cache.ts';
import { serveRobotsAndSitemap } from './robots-and-sitemap.ts';

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
      return sendCachedPage(request, reply, await cache.get(match, language));
    }

    if (build) {
      for (const [page, path] of servedPages) {
        app.get(path, (request, reply) => sendPage(request, reply, { kind: 'public', page, path }));
      }
    }
    serveRobotsAndSitemap(app, {
      appUrl,
      listedPaths: servedPages
        .filter(([page]) => !unlistedPages.includes(page))
        .map(([, path]) => path),
    });
    answerUnknownAddresses(app, build ? sendPage : undefined);
  },
  { name: 'pages' },
);

/**
 * The public pages this site serves. A sister site takes over applying (its redirect is in
 * modules/content/routes.ts), so our wizard is then neither served, rendered nor listed.
 */
function pagesServed(config: Config): [PublicPage, string][] {
  return (Object.entries(publicPaths) as [PublicPage, string][]).filter(
    ([, path]) => config.links.sisterAuth === undefined || !sisterSitePaths.includes(path),
  );
}
