import { catalogues } from '../../src/domain/locales/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { describe, expect, test } from '../support/fixtures.ts';

describe('GET /api/translations', () => {
  test('returns every catalogue key in en, es and pt from the translations table', async ({
    app,
  }) => {
    const response = await app.inject({ method: 'GET', url: '/api/translations' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.json<Record<string, Record<string, string>>>();
    expect(Object.keys(body).sort()).toEqual(['en', 'es', 'pt']);
    expect(body.en).toEqual(catalogues.en);
    expect(body.es).toEqual(catalogues.es);
    expect(body.pt).toEqual(catalogues.pt);
  });

  test('keeps text edited in the database when the server starts again', async ({ testApp }) => {
    await testApp.app.deps.db
      .updateTable('translations')
      .set({ es: 'PÁGINA PERDIDA' })
      .where('key', '=', 'notFound.title')
      .execute();
    await testApp.app.close();

    const restarted = await buildApp(testApp.config);
    const body = (await restarted.inject({ method: 'GET', url: '/api/translations' })).json<
      Record<string, Record<string, string>>
    >();
    await restarted.close();
    expect(body.es?.['notFound.title']).toBe('PÁGINA PERDIDA');
  });
});
