import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from '../support/fixtures.ts';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};

const openApiPathOf = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI document that names every API route the server registered', async ({
    app,
  }) => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<Document>();
    const validation = await new Validator().validate(document as never);
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);

    const routes = app.apiRoutes;
    const hasGet = (url: string) =>
      routes.some((route) => route.method === 'GET' && route.url === url);
    const missing = routes
      // The catch-all that answers 404 for every address that is no call.
      .filter(({ url }) => !url.endsWith('/*'))
      // The HEAD that Fastify answers for every GET.
      .filter(({ method, url }) => !(method === 'HEAD' && hasGet(url)))
      .filter(({ method, url }) => !document.paths[openApiPathOf(url)]?.[method.toLowerCase()])
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    // Pages and the built client are not API calls.
    expect(Object.keys(document.paths).every((path) => /^\/(api|objects)\//.test(path))).toBe(true);
  });

  test('says which calls need the session cookie', async ({ app }) => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<Document>();
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/notifications']?.get?.security).toEqual([{ session: [] }]);
  });
});

describe('GET /api/docs', () => {
  test('shows the readable reference to administrators only', async ({ app, admin, creator }) => {
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    expect((await creator.get('/api/docs')).statusCode).toBe(403);
    const page = await admin.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) {
      expect(page.body).toContain(`/api/docs/${file}`);
      const asset = await admin.get(`/api/docs/${file}`);
      expect(asset.statusCode).toBe(200);
      expect(asset.body.length).toBeGreaterThan(50);
      expect((await creator.get(`/api/docs/${file}`)).statusCode).toBe(403);
    }
    expect((await admin.get('/api/docs/..%2Fpackage.json')).statusCode).toBe(404);
  });
});
