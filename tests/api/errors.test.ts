import { describe, expect, test } from '../support/fixtures.ts';
import { sendRaw } from '../support/raw-http.ts';
import { login } from '../support/sign-in.ts';

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
    // The host it was sent to, but over another scheme: a plain-http page is another site.
    const otherScheme = await app.inject({
      method: 'POST',
      url: '/api/translations',
      headers: { host: 'localhost:3000', origin: 'https://localhost:3000' },
    });
    expect(otherScheme.statusCode).toBe(403);
    // Our scheme and the host it was sent to: the site reached under another name.
    const otherName = await app.inject({
      method: 'POST',
      url: '/api/translations',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    });
    expect(otherName.statusCode).toBe(404);
    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/translations',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(404);
  });

  test('keeps what it says to a signed-in person out of every cache', async ({ app, creator }) => {
    for (const url of ['/api/user', '/api/notifications', '/api/auth/session', '/api/no-such']) {
      const answer = await creator.get(url);
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const signedIn = await login(app, {
      username: creator.user.username,
      password: creator.user.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    // What is the same for everyone keeps its own cache.
    expect((await creator.get('/api/site')).headers['cache-control']).toBe('public, max-age=300');
  });

  test('answers a request for the server as a whole (GET *) with 400, not a page', async ({
    port,
  }) => {
    const answer = await sendRaw(port, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n', { timeoutMs: 5_000 });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text.split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 'request.unreadable',
      message: 'The request could not be read.',
    });
  });
});
