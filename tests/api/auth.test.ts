import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let maria: TestUser;
let admin: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  maria = await createUser(testApp.app.deps.db, {
    username: 'Maria',
    email: 'Maria.Silva@Example.com',
    password: 'correct-horse',
  });
  admin = await createUser(testApp.app.deps.db, { isAdmin: true, password: 'admin-secret' });
});
afterAll(() => testApp.close());

/** Each test signs in from its own address, so the per-address limit of one test never touches another. */
let addressCounter = 10;
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: `10.0.0.${addressCounter}`,
  });

const sessionCookie = (response: Awaited<ReturnType<typeof login>>) =>
  response.cookies.find((cookie) => cookie.name === 'sid');

const countSessions = async (userId: string) =>
  (
    await testApp.app.deps.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', userId)
      .execute()
  ).length;

describe('POST /api/auth/login', () => {
  it('signs in by username or email in any case, answering the username, role and user', async () => {
    addressCounter++;
    for (const [index, name] of ['Maria', 'maria', 'MARIA.silva@example.COM'].entries()) {
      const response = await login({ username: name, password: 'correct-horse' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        username: 'Maria',
        isAdmin: false,
        user: expect.objectContaining({ id: maria.id, email: maria.email, isAdmin: false }),
        // Her first sign-in has none before it; each later one names the one before.
        previousSignInAt: index === 0 ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const token = sessionCookie(response)?.value ?? '';
      expect(token.length).toBeGreaterThan(20);
      expect(response.body).not.toContain(token);
      expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);

      const me = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        cookies: { sid: token },
      });
      expect(me.json()).toMatchObject({ id: maria.id, username: 'Maria' });
    }
    const asAdmin = await login({ username: admin.username, password: 'admin-secret' });
    expect(asAdmin.json()).toMatchObject({ username: admin.username, isAdmin: true });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that ends with the browser unless remembered', async () => {
    addressCounter++;
    const plain = await login({ username: 'maria', password: 'correct-horse' });
    const cookie = sessionCookie(plain);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeFalsy();

    const remembered = await login({
      username: 'maria',
      password: 'correct-horse',
      remember: true,
    });
    expect(sessionCookie(remembered)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 30 * 24 * 60 * 60,
    });
    const row = await testApp.app.deps.db
      .selectFrom('sessions')
      .select('expire')
      .where('userId', '=', maria.id)
      .orderBy('expire', 'desc')
      .executeTakeFirstOrThrow();
    const days = (new Date(row.expire).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it('marks the cookie Secure when the site is served over HTTPS', async () => {
    const secureApp = await createTestApp({ APP_URL: 'https://agency.example' });
    try {
      const user = await createUser(secureApp.app.deps.db, { password: 'correct-horse' });
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: 'correct-horse' },
      });
      expect(response.statusCode).toBe(200);
      expect(sessionCookie(response)).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await secureApp.close();
    }
  });

  it('starts a fresh session at sign-in and ends the one the browser held before', async () => {
    addressCounter++;
    const before = await signedInClient(testApp.app, maria);
    const response = await login(
      { username: 'maria', password: 'correct-horse' },
      { cookie: before.cookie },
    );
    const fresh = sessionCookie(response)?.value;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(before.token);
    const old = await before.get('/api/auth/user');
    expect(old.statusCode).toBe(401);
  });

  it('gives the spec messages for missing fields', async () => {
    addressCounter++;
    const response = await login({ username: '  ', password: '' });
    expect(response.statusCode).toBe(400);
    const messages = (response.json() as { issues: { message: string }[] }).issues.map(
      (issue) => issue.message,
    );
    expect(messages).toEqual(['Username is required', 'Password is required']);
    expect((await login({})).json()).toMatchObject({
      code: 'user.username_required',
      message: 'Username is required',
    });
  });

  it('answers a wrong password and an unknown user alike, and sets no cookie', async () => {
    addressCounter++;
    const wrong = await login({ username: 'maria', password: 'wrong-horse' });
    const unknown = await login({ username: 'nobody-here', password: 'wrong-horse' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'auth.invalid_credentials',
        message: 'Invalid username or password',
      });
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(wrong.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('refuses a sign-in posted from another site, and starts no session', async () => {
    addressCounter++;
    const sessionsBefore = await countSessions(maria.id);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await login({ username: 'maria', password: 'correct-horse' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'request.cross_site',
        message: 'This request came from another site and was refused.',
      });
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(await countSessions(maria.id)).toBe(sessionsBefore);
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const session = await signedInClient(testApp.app, maria);
    const response = await session.post('/api/auth/logout');
    expect(response.statusCode).toBe(204);
    const cleared = sessionCookie(response);
    expect(cleared?.value).toBe('');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
    const after = await session.get('/api/auth/user');
    expect(after.statusCode).toBe(401);
  });

  it('is harmless without a session, and refused from another site', async () => {
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(204);

    const session = await signedInClient(testApp.app, maria);
    const crossSite = await session.post('/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const still = await session.get('/api/auth/user');
    expect(still.statusCode).toBe(200);
  });
});
