import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentApi } from '../../../domain/api/content.ts';
import { translationsFreshMs } from '../../../domain/languages.ts';
import { sisterSitePaths } from '../../../domain/routes.ts';
import type { Config } from '../../config.ts';
import { routeOf } from '../../routes.ts';
import { readTranslations } from './repository.ts';
import { siteSettings } from './site.ts';

export const contentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...routeOf(contentApi.translations),
    handler: async (request, reply) => {
      reply.header('cache-control', `public, max-age=${translationsFreshMs / 1000}`);
      const translations = await readTranslations(request.deps.db);
      // Rendered pages follow edits made in the table.
      app.pages.setTranslations(translations);
      return translations;
    },
  });

  const site = siteSettings(config);
  app.route({
    ...routeOf(contentApi.site),
    handler: async (_request, reply) => {
      // Changes only with the configuration, that is on a restart.
      reply.header('cache-control', 'public, max-age=300');
      return site;
    },
  });

  // With a sister site, applying and signing in happen there (docs/product.md); without one, our
  // own form and sign-in page answer these paths (the pages plugin leaves them to this one).
  const sisterAuthUrl = config.links.sisterAuth;
  if (sisterAuthUrl) {
    for (const url of sisterSitePaths) {
      app.get(url, { config: { access: 'public' } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').redirect(sisterAuthUrl, 302),
      );
    }
  }
};
