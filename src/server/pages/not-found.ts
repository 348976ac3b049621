import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, type RouteMatch } from '../../domain/routes.ts';
import { errorBody } from '../errors.ts';

type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  match: RouteMatch,
) => Promise<FastifyReply>;

/**
 * Answers the addresses no route claims. Unknown API and file paths answer JSON, pages answer
 * HTML. Which one is the router's choice (it decodes `/%61pi/...` to `/api/...` before
 * matching), never a test of the request's text
 * (docs/decisions/0016-requests-decided-by-the-matched-route.md).
 *
 * Without a built client (`sendPage` missing) every unknown address answers JSON.
 */
export function answerUnknownAddresses(app: FastifyInstance, sendPage: SendPage | undefined) {
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
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || looksLikeFile || !sendPage) {
      return reply.status(404).send(errorBody('request.page_not_found'));
    }
    const match = matchRoute(pathname);
    if (match.kind === 'public') {
      // One address per page: /Services and /services/ lead to /services.
      const search = request.url.slice(pathname.length);
      return reply.redirect(match.path + search, 301);
    }
    // An application's screen gets the shell; anything else the 404 page.
    return sendPage(request, reply, match);
  });
}
