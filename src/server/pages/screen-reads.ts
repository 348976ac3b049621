import type { FastifyRequest } from 'fastify';
import { pathOf, type Endpoint } from '../../domain/api/endpoint.ts';
import { tasksApi } from '../../domain/api/tasks.ts';
import { appPaths, routeParams, type AppPage } from '../../domain/routes.ts';
import { refusalOf, sessionUserOf } from '../plugins/access.ts';

/**
 * The reads a signed-in screen makes as soon as the session answers, where the screen's address
 * gives theirs. Left to the app, they go out once its scripts have arrived and the session has
 * answered, and a task's page then waited for its task before it could ask for its first picture,
 * the largest thing it paints (docs/decisions/0069-screen-reads-preloaded-with-the-page.md).
 */
const screenFirstReads: Partial<Record<AppPage, Endpoint[]>> = {
  taskDetail: [tasksApi.myDetail],
  adminTaskDetail: [tasksApi.adminDetail],
};

/**
 * The `Link` header that has the browser ask for the screen's first reads with its page, so they
 * arrive while its scripts do; the app's own requests take the answers. Only the reads the
 * person signed in on this request may make: a preload nobody takes would stay in the page, and a
 * request made after signing in there would be answered with its refusal. The parameters are the
 * route's, as the client's router reads them from the address.
 */
export async function screenReadsLink(
  request: FastifyRequest,
  page: AppPage,
): Promise<string | undefined> {
  const reads = screenFirstReads[page];
  const written = reads && routeParams(appPaths[page], request.url.split('?')[0] ?? '');
  if (!written) return undefined;
  // Fastify's router has refused an address that is not valid percent-encoding (400).
  const params = Object.fromEntries(
    Object.entries(written).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  const user = await sessionUserOf(request);
  const links = reads
    .filter((endpoint) => refusalOf(endpoint.access, user) === undefined)
    .map(
      (endpoint) =>
        `<${pathOf(endpoint, params)}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
  return links.length > 0 ? links.join(', ') : undefined;
}
