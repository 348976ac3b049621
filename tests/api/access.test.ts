import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let admin: TestUser;
let influencer: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createUser(testApp.app.deps.db, { isAdmin: true });
  influencer = await createUser(testApp.app.deps.db);
});
afterAll(() => testApp.close());

describe('sessions and the sign-in fixture', () => {
  it('says who is signed in, and 401 for nobody or an unknown session', async () => {
    const { app } = testApp;
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

    const client = await signedInClient(app, influencer);
    const response = await client.get('/api/auth/user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: influencer.id,
      username: influencer.username,
      isAdmin: false,
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(response.body).not.toContain(client.token);

    const asAdmin = await (await signedInClient(app, admin)).get('/api/auth/user');
    expect(asAdmin.json()).toMatchObject({ id: admin.id, isAdmin: true });
  });

  it('answers "who is signed in?" without an error for a visitor', async () => {
    const { app } = testApp;
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const signedIn = await (await signedInClient(app, influencer)).get('/api/auth/session');
    expect(signedIn.json()).toMatchObject({
      user: { id: influencer.id, username: influencer.username },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('ends a session once it has expired', async () => {
    const { app } = testApp;
    const client = await signedInClient(app, influencer);
    await app.deps.db
      .updateTable('sessions')
      .set({ expire: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});
