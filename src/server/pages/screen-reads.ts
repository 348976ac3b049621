import type { FastifyRequest } from 'fastify';
import { pathOf, type Endpoint } from '../../domain/api/endpoint.ts';
import { tasksApi } from '../../domain/api/tasks.ts';
import { appPaths, routeParams, type AppPage } from '../../domain/routes.ts';
import { firstPictureOf } from '../../domain/tasks.ts';
import type { User } from '../../domain/users.ts';
import type { Deps } from '../deps.ts';
import { DomainError } from '../errors.ts';
import { adminTaskDetail } from '../modules/tasks/review/service.ts';
import { myTaskDetail } from '../modules/tasks/service.ts';
import { refusalOf, sessionUserOf } from '../plugins/access.ts';

interface ScreenRead {
  endpoint: Endpoint;
  /**
   * The picture the screen draws first from this read's answer, read through the service that
   * answers the endpoint, so under its rules: null when there is none to draw.
   */
  firstPicture?: (deps: Deps, params: Record<string, string>, user: User) => Promise<string | null>;
}

/**
 * The reads a signed-in screen makes as soon as the session answers, where the screen's address
 * gives theirs. Left to the app, they go out once its scripts have arrived and the session has
 * answered (docs/decisions/0069-screen-reads-preloaded-with-the-page.md); a task's first picture,
 * the largest thing its page paints, waited for the task's answer too
 * (docs/decisions/0078-a-task-page-preloads-its-first-picture.md).
 */
const screenFirstReads: Partial<Record<AppPage, ScreenRead[]>> = {
  taskDetail: [
    {
      endpoint: tasksApi.myDetail,
      firstPicture: async (deps, { id = '' }, user) =>
        firstPictureOf((await myTaskDetail(deps, { taskId: id, user })).uploads),
    },
  ],
  adminTaskDetail: [
    {
      endpoint: tasksApi.adminDetail,
      firstPicture: async (deps, { id = '' }) =>
        firstPictureOf((await adminTaskDetail(deps, { id })).assignees.flatMap((a) => a.uploads)),
    },
  ],
};

/**
 * The `Link` header that has the browser ask for the screen's first reads, and the first picture
 * they lead to, with its page, so they arrive while its scripts do; the app's own requests take
 * the answers. Only the reads the person signed in on this request may make: a preload nobody
 * takes would stay in the page, and a request made after signing in there would be answered with
 * its refusal. The parameters are the route's, as the client's router reads them from the address.
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
  if (!user) return undefined;
  const allowed = reads.filter(({ endpoint }) => refusalOf(endpoint.access, user) === undefined);
  const links = await Promise.all(
    allowed.map(async ({ endpoint, firstPicture }) => {
      const read = `<${pathOf(endpoint, params)}>; rel=preload; as=fetch; crossorigin=use-credentials`;
      const picture =
        firstPicture && (await pictureOf(request, endpoint, params, user, firstPicture));
      // Asked for as the picture itself asks (no `crossorigin`), so the browser takes it from here.
      return picture ? [read, `<${picture}>; rel=preload; as=image; fetchpriority=high`] : [read];
    }),
  );
  return links.length > 0 ? links.flat().join(', ') : undefined;
}

/**
 * The read's first picture, or null where the API would refuse the read (an address its
 * parameters do not fit, a task that is not theirs): the page itself is still sent, and the app
 * says what is wrong.
 */
async function pictureOf(
  request: FastifyRequest,
  endpoint: Endpoint,
  params: Record<string, string>,
  user: User,
  firstPicture: NonNullable<ScreenRead['firstPicture']>,
): Promise<string | null> {
  if (endpoint.params && !endpoint.params.safeParse(params).success) return null;
  try {
    return await firstPicture(request.deps, params, user);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
