import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../src/domain/api/endpoint.ts';
import type { TestUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';

/**
 * Who may call each API route, written down independently of the routes themselves (the API of
 * docs/product.md, section 9, names each call's role). Every path under /api/admin/ is for administrators; everything else must
 * be listed here, so a new route without a deliberate rule, or with the wrong one, fails.
 * Path parameters are written as ":" whatever their name.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  // The published contract is public; its readable reference is for administrators.
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'admin',
  'GET /api/docs/:': 'admin',
  'GET /api/translations': 'public',
  'GET /api/site': 'public',
  'POST /api/applications-v2': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/2fa': 'public',
  'POST /api/auth/2fa/setup': 'signed-in',
  'POST /api/auth/2fa/enable': 'signed-in',
  'POST /api/auth/2fa/disable': 'signed-in',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/reset-password': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/auth/session': 'public',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/:': 'signed-in',
  'POST /api/auth/sessions/revoke-others': 'signed-in',
  'GET /api/user/me': 'signed-in',
  'PUT /api/user/profile': 'signed-in',
  'PUT /api/user/password': 'signed-in',
  'PUT /api/user/language': 'signed-in',
  'GET /api/notifications': 'signed-in',
  'GET /api/notifications/all': 'signed-in',
  'GET /api/notifications/stream': 'signed-in',
  'PATCH /api/notifications/:/read': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'GET /api/dashboard': 'creator',
  'GET /api/tasks': 'creator',
  'GET /api/tasks/my-tasks': 'creator',
  'GET /api/tasks/:': 'creator',
  'PATCH /api/tasks/:/status': 'creator',
  'POST /api/tasks/:/upload': 'creator',
  'DELETE /api/tasks/:/uploads/:': 'creator',
  'GET /api/tasks/:/unfinished-uploads': 'creator',
  'DELETE /api/tasks/:/unfinished-uploads/:': 'creator',
  // Resumable uploads (tus) of task files: creators only, as the multipart call.
  'POST /api/uploads': 'creator',
  'PATCH /api/uploads/:': 'creator',
  'DELETE /api/uploads/:': 'creator',
  'GET /api/compensations': 'creator',
  'GET /api/compensations/export.csv': 'creator',
  // Stored ID documents, at an address of the site itself: administrators only.
  'GET /objects/uploads/:': 'admin',
  // Task files: their uploader and administrators (the handler answers 404 to anyone else).
  'GET /objects/tasks/:': 'signed-in',
  'GET /objects/tasks/:/thumbnail': 'signed-in',
  'GET /objects/tasks/:/view': 'signed-in',
  // Reviewing creators' work: administrators only.
  'GET /api/admin/tasks/:': 'admin',
  'POST /api/admin/tasks/:/assignees/:/review': 'admin',
  'GET /api/admin/tasks/:/assignees/:/archive.zip': 'admin',
};

const guardMessages = [
  'Please sign in to continue.',
  'Only administrators can do this.',
  'This is only for creators; administrators have their own screens.',
];

const keyOf = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;

function expectedFor(method: string, url: string): Access | undefined {
  // The catch-alls that answer an unknown API or file path with a JSON 404.
  if (url === '/api/*' || url === '/objects/*') return 'public';
  if (url.startsWith('/api/admin/')) return 'admin';
  return expectedAccess[keyOf(method, url)];
}

const routes = (app: FastifyInstance) => app.apiRoutes.filter((route) => route.method !== 'HEAD');

/**
 * Answers that never end while the caller stays (Server-Sent Events): `inject` would wait for
 * them forever. Who they turn away is checked over a socket in notification-streams.test.ts.
 */
const streams = new Set(['GET /api/notifications/stream']);

describe('the route table', () => {
  test('gives every API route the access rule written down for it', ({ app }) => {
    expect(routes(app).length).toBeGreaterThan(15);
    const wrong = routes(app)
      .filter((route) => expectedFor(route.method, route.url) !== route.access)
      .map(
        (route) =>
          `${route.method} ${route.url}: declares ${route.access}, expected ${expectedFor(route.method, route.url) ?? 'an entry in expectedAccess'}`,
      );
    expect(wrong).toEqual([]);
  });

  test('turns away whoever the rule excludes, and only them', async ({ app, admin, creator }) => {
    const failures: string[] = [];
    for (const route of routes(app)) {
      if (streams.has(`${route.method} ${route.url}`)) continue;
      const url = route.url.replace(/:[^/]+/g, () => randomUUID());
      // A fresh session per call: the logout route ends the session it is given.
      const callAs = async (user: TestUser | undefined) => {
        const request = {
          method: route.method as 'GET',
          url,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        };
        const response = user
          ? await (await signedInClient(app, user)).inject(request)
          : await app.inject(request);
        // A refusal is JSON; a route that got through may answer a file (the CSV exports).
        const isJson = String(response.headers['content-type']).startsWith('application/json');
        const message = isJson ? ((response.json() as { message?: string }).message ?? '') : '';
        return { status: response.statusCode, guarded: guardMessages.includes(message) };
      };
      const expected = {
        anonymous: route.access === 'public' ? 'through' : 401,
        creator: route.access === 'admin' ? 403 : 'through',
        admin: route.access === 'creator' ? 403 : 'through',
      } as const;
      const actual = {
        anonymous: await callAs(undefined),
        creator: await callAs(creator.user),
        admin: await callAs(admin.user),
      };
      for (const who of ['anonymous', 'creator', 'admin'] as const) {
        const { status, guarded } = actual[who];
        const outcome = guarded ? status : 'through';
        if (outcome !== expected[who]) {
          failures.push(
            `${route.method} ${route.url} as ${who}: ${outcome}, expected ${expected[who]}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
