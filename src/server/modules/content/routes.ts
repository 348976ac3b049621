import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentApi } from '../../../domain/api/content.ts';
import { translationsFreshMs } from '../../../domain/languages.ts';
import { sisterSitePaths } from '../../../domain/routes.ts';
import type { Config } from '../../config.ts';
import {
  acceptedEncoding,
  compressedText,
  contentEncodings,
  type CompressedText,
} from '../../pages/cached-page.ts';
import { routeOf } from '../../routes.ts';
import { readTranslations } from './repository.ts';
import { siteSettings } from './site.ts';

export const contentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Every language's dictionary is 300 KB of JSON, fetched by a phone on its way from a public
  // page to sign-in or the wizard (decision 0068): compressed once for each version of the texts.
  let dictionaries: { json: string; compressed: Map<string, Promise<CompressedText>> } | undefined;
  app.route({
    ...routeOf(contentApi.translations),
    handler: async (request, reply) => {
      const translations = await readTranslations(request.deps.db);
      // Rendered pages follow edits made in the table.
      app.pages.setTranslations(translations);
      const json = JSON.stringify(translations);
      if (dictionaries?.json !== json) dictionaries = { json, compressed: new Map() };
      const { language } = request.query;
      const asked = language ?? 'all';
      let answer = dictionaries.compressed.get(asked);
      if (!answer) {
        answer = compressedText(
          language ? JSON.stringify({ [language]: translations[language] }) : json,
        );
        dictionaries.compressed.set(asked, answer);
      }
      const compressed = await answer;
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', `public, max-age=${translationsFreshMs / 1000}`)
        .header('vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', contentEncodings[encoding]);
      // The bytes of the same dictionary, serialized once: Fastify sends a Buffer as it is.
      return reply.send(compressed[encoding] as never);
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
