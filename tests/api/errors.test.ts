import { describe, expect, test } from '../support/fixtures.ts';

describe('errors', () => {
  test('answers an unknown API path with a JSON 404 in the error shape', async ({ app }) => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        code: 'request.not_found',
        params: { method, path: '/api/no-such-thing' },
        message: `No API endpoint ${method} /api/no-such-thing.`,
      });
    }
  });

  test('hides the cause of a 5xx from the caller and logs it with the request id', async ({
    createApp,
  }) => {
    const lines: string[] = [];
    const testApp = await createApp(
      { LOG_LEVEL: 'error' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    await testApp.app.deps.db.destroy(); // every query now fails inside the server

    const response = await testApp.app.inject({ method: 'GET', url: '/api/translations' });

    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      code: 'server.error',
      params: { reference: requestId },
      message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote reference ${requestId}.`,
    });
    expect(response.body).not.toMatch(/kysely|sqlite|postgres|stack|at /i);
    const logged = lines.map(
      (line) => JSON.parse(line) as { reqId?: string; err?: { stack?: string } },
    );
    expect(logged.some((entry) => entry.reqId === requestId && entry.err?.stack)).toBe(true);
  });
});

describe('security', () => {
  test('sends strict security headers on every response', async ({ app }) => {
    for (const url of ['/api/health', '/api/nowhere']) {
      const { headers } = await app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('refuses a state-changing request sent from another site', async ({ app }) => {
    const fromElsewhere = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of fromElsewhere) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/translations',
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'request.cross_site',
        message: 'This request came from another site and was refused.',
      });
    }
    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/translations',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(404);
  });
});
