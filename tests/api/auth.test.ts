import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/server/db/database.ts';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { login, signedInClient } from '../support/sign-in.ts';

/** Maria, a creator who signs in with her username or her email, in any case. */
const test = base.extend('maria', ({ db }) =>
  createUser(db, {
    username: 'Maria',
    email: 'Maria.Silva@Example.com',
    password: 'correct-horse',
  }),
);

const sessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === 'sid');

const countSessions = async (db: Db, userId: string) =>
  (await db.selectFrom('sessions').select('sid').where('userId', '=', userId).execute()).length;

describe('POST /api/auth/login', () => {
  test('signs in by username or email in any case, answering the username, role and user', async ({
    app,
    db,
    maria,
  }) => {
    const admin = await createUser(db, { isAdmin: true, password: 'admin-secret' });
    for (const [index, name] of ['Maria', 'maria', 'MARIA.silva@example.COM'].entries()) {
      const response = await login(app, { username: name, password: 'correct-horse' });
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

      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        cookies: { sid: token },
      });
      expect(me.json()).toMatchObject({ id: maria.id, username: 'Maria' });
    }
    const asAdmin = await login(app, { username: admin.username, password: 'admin-secret' });
    expect(asAdmin.json()).toMatchObject({ username: admin.username, isAdmin: true });
  });

  test('sets an HttpOnly, SameSite=Lax session cookie that ends with the browser unless remembered', async ({
    app,
    db,
    maria,
  }) => {
    const plain = await login(app, { username: 'maria', password: 'correct-horse' });
    const cookie = sessionCookie(plain);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeFalsy();

    const remembered = await login(app, {
      username: 'maria',
      password: 'correct-horse',
      remember: true,
    });
    expect(sessionCookie(remembered)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 30 * 24 * 60 * 60,
    });
    const row = await db
      .selectFrom('sessions')
      .select('expire')
      .where('userId', '=', maria.id)
      .orderBy('expire', 'desc')
      .executeTakeFirstOrThrow();
    const days = (new Date(row.expire).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  test('marks the cookie Secure when the site is served over HTTPS', async ({ createApp }) => {
    const { app } = await createApp({ APP_URL: 'https://agency.example' });
    const user = await createUser(app.deps.db, { password: 'correct-horse' });
    const response = await login(app, { username: user.username, password: 'correct-horse' });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).toMatchObject({ secure: true, httpOnly: true });
  });

  test('starts a fresh session at sign-in and ends the one the browser held before', async ({
    app,
    maria,
  }) => {
    const before = await signedInClient(app, maria);
    const response = await login(
      app,
      { username: 'maria', password: 'correct-horse' },
      { headers: { cookie: before.cookie } },
    );
    const fresh = sessionCookie(response)?.value;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(before.token);
    const old = await before.get('/api/auth/user');
    expect(old.statusCode).toBe(401);
  });

  test('asks for the username and the password when either is missing', async ({ app }) => {
    const response = await login(app, { username: '  ', password: '' });
    expect(response.statusCode).toBe(400);
    const messages = (response.json() as { issues: { message: string }[] }).issues.map(
      (issue) => issue.message,
    );
    expect(messages).toEqual(['Username is required', 'Password is required']);
    expect((await login(app, {})).json()).toMatchObject({
      code: 'user.username_required',
      message: 'Username is required',
    });
  });

  test('answers a wrong password and an unknown user alike, and sets no cookie', async ({
    app,
    maria,
  }) => {
    const wrong = await login(app, { username: maria.username, password: 'wrong-horse' });
    const unknown = await login(app, { username: 'nobody-here', password: 'wrong-horse' });
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

  test('refuses a sign-in posted from another site, and starts no session', async ({
    app,
    db,
    maria,
  }) => {
    const sessionsBefore = await countSessions(db, maria.id);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await login(
        app,
        { username: 'maria', password: 'correct-horse' },
        { headers },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'request.cross_site',
        message: 'This request came from another site and was refused.',
      });
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(await countSessions(db, maria.id)).toBe(sessionsBefore);
  });
});

describe('POST /api/auth/logout', () => {
  test('deletes the session and clears the cookie', async ({ creator: session }) => {
    const response = await session.post('/api/auth/logout');
    expect(response.statusCode).toBe(204);
    const cleared = sessionCookie(response);
    expect(cleared?.value).toBe('');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
    const after = await session.get('/api/auth/user');
    expect(after.statusCode).toBe(401);
  });

  test('is harmless without a session, and refused from another site', async ({
    app,
    creator: session,
  }) => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(204);

    const crossSite = await session.post('/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const still = await session.get('/api/auth/user');
    expect(still.statusCode).toBe(200);
  });
});
