import zlib from 'node:zlib';
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

  test('comes compressed to a browser that accepts it, and follows an edit of the table', async ({
    app,
  }) => {
    const ask = (url: string, encoding: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const all = await ask('/api/translations', 'gzip, deflate, br');
    expect(all.headers['content-encoding']).toBe('br');
    expect(all.headers.vary).toContain('Accept-Encoding');
    const dictionaries = JSON.parse(zlib.brotliDecompressSync(all.rawPayload).toString()) as {
      es: Record<string, string>;
    };
    expect(dictionaries.es).toEqual(catalogues.es);

    // What a phone downloads on its way from a public page to sign-in or the wizard: its language.
    const spanish = await ask('/api/translations?language=es', 'gzip, deflate, br');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.rawPayload.length).toBeLessThan(all.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(spanish.rawPayload).toString())).toEqual({
      es: catalogues.es,
    });

    await app.deps.db
      .updateTable('translations')
      .set({ es: 'PÁGINA PERDIDA' })
      .where('key', '=', 'notFound.title')
      .execute();
    const edited = await ask('/api/translations?language=es', 'gzip');
    expect(edited.headers['content-encoding']).toBe('gzip');
    const { es } = JSON.parse(zlib.gunzipSync(edited.rawPayload).toString()) as {
      es: Record<string, string>;
    };
    expect(es['notFound.title']).toBe('PÁGINA PERDIDA');
  });

  test('refuses a language it does not have', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/translations?language=fr' });
    expect(response.statusCode).toBe(400);
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
