import { describe, expect, test } from '../support/fixtures.ts';

describe('sessions and the sign-in fixture', () => {
  test('says who is signed in, and 401 for nobody or an unknown session', async ({
    app,
    admin,
    creator,
  }) => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'sid=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      code: 'auth.sign_in_required',
      message: 'Please sign in to continue.',
    });

    const response = await creator.get('/api/auth/user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: creator.user.id,
      username: creator.user.username,
      isAdmin: false,
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(response.body).not.toContain(creator.token);

    const asAdmin = await admin.get('/api/auth/user');
    expect(asAdmin.json()).toMatchObject({ id: admin.user.id, isAdmin: true });
  });

  test('answers "who is signed in?" without an error for a visitor', async ({ app, creator }) => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const signedIn = await creator.get('/api/auth/session');
    expect(signedIn.json()).toMatchObject({
      user: { id: creator.user.id, username: creator.user.username },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  test('ends a session once it has expired', async ({ db, creator }) => {
    await db
      .updateTable('sessions')
      .set({ expire: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await creator.get('/api/auth/user')).statusCode).toBe(401);
  });
});
