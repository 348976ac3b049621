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
    username: 'maria',
    email: 'maria@example.com',
    firstName: 'Maria',
    lastName: 'Silva',
    password: 'old-password',
  });
  admin = await createUser(testApp.app.deps.db, { isAdmin: true });
});
afterAll(() => testApp.close());

const issueMessages = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.at(-1),
    issue.message,
  ]);

describe('GET /api/user/me', () => {
  it('shows the signed-in person without any secret; 401 for nobody', async () => {
    const client = await signedInClient(testApp.app, maria);
    const response = await client.get('/api/user/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: maria.id,
      username: 'maria',
      email: 'maria@example.com',
      firstName: 'Maria',
      lastName: 'Silva',
      isAdmin: false,
      preferredLanguage: 'en',
      createdAt: maria.createdAt,
      updatedAt: maria.updatedAt,
    });
    expect(response.body).not.toContain(client.token);
    expect(response.body).not.toContain('argon2');
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/profile', () => {
  it('changes the username only, and answers the updated person', async () => {
    const user = await createUser(testApp.app.deps.db, { email: 'keep@example.com' });
    const client = await signedInClient(testApp.app, user);
    const response = await client.put('/api/user/profile', {
      username: '  new_name  ',
      email: 'changed@example.com',
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'new_name',
      email: 'keep@example.com',
      isAdmin: false,
    });
    const me = await client.get('/api/user/me');
    expect(me.json()).toMatchObject({ username: 'new_name', email: 'keep@example.com' });
  });

  it('says why a username is refused', async () => {
    const client = await signedInClient(testApp.app, maria);
    const short = await client.put('/api/user/profile', { username: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(issueMessages(short)).toEqual([['username', 'Username must be at least 3 characters']]);
    const long = await client.put('/api/user/profile', { username: 'x'.repeat(51) });
    expect(issueMessages(long)).toEqual([['username', 'Username must be at most 50 characters']]);
    const email = await client.put('/api/user/profile', { username: 'admin@example.com' });
    expect(issueMessages(email)).toEqual([['username', 'Username cannot contain @']]);

    const taken = await client.put('/api/user/profile', {
      username: admin.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'user.username_taken',
      message: 'This username is already taken. Please choose another one.',
    });
    // A change of case of one's own name is not a conflict.
    const ownCase = await client.put('/api/user/profile', { username: 'MARIA' });
    expect(ownCase.json()).toMatchObject({ username: 'MARIA' });
    await client.put('/api/user/profile', { username: 'maria' });
  });
});

describe('PUT /api/user/language', () => {
  it('stores the chosen language', async () => {
    const user = await createUser(testApp.app.deps.db);
    const client = await signedInClient(testApp.app, user);
    const response = await client.put('/api/user/language', { preferredLanguage: 'pt' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ preferredLanguage: 'pt' });
    expect((await client.get('/api/user/me')).json()).toMatchObject({
      preferredLanguage: 'pt',
    });
    const bad = await client.put('/api/user/language', { preferredLanguage: 'fr' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/user/password', () => {
  it('gives the spec messages', async () => {
    const client = await signedInClient(testApp.app, maria);
    const response = await client.put('/api/user/password', {
      currentPassword: '',
      newPassword: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(issueMessages(response)).toEqual([
      ['currentPassword', 'Current password is required'],
      ['newPassword', 'New password must be at least 6 characters'],
    ]);
    const long = await client.put('/api/user/password', {
      currentPassword: 'old-password',
      newPassword: 'x'.repeat(129),
    });
    expect(issueMessages(long)).toEqual([
      ['newPassword', 'New password must be at most 128 characters'],
    ]);
  });

  it('checks at most 5 current passwords from a burst of 30 sent at once', async () => {
    const user = await createUser(testApp.app.deps.db, { password: 'old-password' });
    const client = await signedInClient(testApp.app, user);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        client.put('/api/user/password', {
          currentPassword: `guess-${n}`,
          newPassword: 'new-password',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
  });

  it('refuses a wrong current password with a clear message, changing nothing', async () => {
    const user = await createUser(testApp.app.deps.db, { password: 'old-password' });
    const client = await signedInClient(testApp.app, user);
    const response = await client.put('/api/user/password', {
      currentPassword: 'not-it',
      newPassword: 'new-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'user.current_password_wrong',
      message: 'Current password is incorrect',
      issues: [
        {
          path: ['currentPassword'],
          code: 'user.current_password_wrong',
          message: 'Current password is incorrect',
        },
      ],
    });
    const loginOld = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'old-password' },
    });
    expect(loginOld.statusCode).toBe(200);
  });

  it('changes the password, keeps this session and ends every other one', async () => {
    const user = await createUser(testApp.app.deps.db, { password: 'old-password' });
    const current = await signedInClient(testApp.app, user);
    const other = await signedInClient(testApp.app, user, { remember: true });
    const response = await current.put('/api/user/password', {
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(response.statusCode).toBe(204);
    expect((await current.get('/api/user/me')).statusCode).toBe(200);
    expect((await other.get('/api/user/me')).statusCode).toBe(401);
    const login = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
      });
    expect((await login('old-password')).statusCode).toBe(401);
    expect((await login('new-password')).statusCode).toBe(200);
  });

  it('refuses a change posted from another site', async () => {
    const user = await createUser(testApp.app.deps.db, { password: 'old-password' });
    const client = await signedInClient(testApp.app, user);
    const response = await client.put(
      '/api/user/password',
      { currentPassword: 'old-password', newPassword: 'attacker-password' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'old-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
