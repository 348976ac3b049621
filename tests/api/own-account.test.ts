import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, login, signedInClient } from '../support/sign-in.ts';

/** Maria Silva, a creator, signed in. */
const test = base.extend('maria', ({ app }) =>
  createSignedInUser(app, {
    username: 'maria',
    email: 'maria@example.com',
    firstName: 'Maria',
    lastName: 'Silva',
    password: 'old-password',
  }),
);

const issueMessages = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.at(-1),
    issue.message,
  ]);

describe('GET /api/user/me', () => {
  test('shows the signed-in person without any secret; 401 for nobody', async ({ app, maria }) => {
    const response = await maria.get('/api/user/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: maria.user.id,
      username: 'maria',
      email: 'maria@example.com',
      firstName: 'Maria',
      lastName: 'Silva',
      isAdmin: false,
      preferredLanguage: 'en',
      createdAt: maria.user.createdAt,
      updatedAt: maria.user.updatedAt,
    });
    expect(response.body).not.toContain(maria.token);
    expect(response.body).not.toContain('argon2');
    expect((await app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/profile', () => {
  test('changes the username only, and answers the updated person', async ({ app }) => {
    const client = await createSignedInUser(app, { email: 'keep@example.com' });
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

  test('says why a username is refused', async ({ maria: client, admin }) => {
    const short = await client.put('/api/user/profile', { username: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(issueMessages(short)).toEqual([['username', 'Username must be at least 3 characters']]);
    const long = await client.put('/api/user/profile', { username: 'x'.repeat(51) });
    expect(issueMessages(long)).toEqual([['username', 'Username must be at most 50 characters']]);
    const email = await client.put('/api/user/profile', { username: 'admin@example.com' });
    expect(issueMessages(email)).toEqual([['username', 'Username cannot contain @']]);

    const taken = await client.put('/api/user/profile', {
      username: admin.user.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'user.username_taken',
      message: 'This username is already taken. Please choose another one.',
    });
    // A change of case of one's own name is not a conflict.
    const ownCase = await client.put('/api/user/profile', { username: 'MARIA' });
    expect(ownCase.json()).toMatchObject({ username: 'MARIA' });
  });
});

describe('PUT /api/user/language', () => {
  test('stores the chosen language', async ({ creator: client }) => {
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
  test('says what is wrong with the current and the new password', async ({ maria: client }) => {
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

  test('checks at most 5 current passwords from a burst of 30 sent at once', async ({
    creator: client,
  }) => {
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

  test('refuses a wrong current password with a clear message, changing nothing', async ({
    app,
  }) => {
    const client = await createSignedInUser(app, { password: 'old-password' });
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
    const loginOld = await login(app, { username: client.user.username, password: 'old-password' });
    expect(loginOld.statusCode).toBe(200);
  });

  test('changes the password, keeps this session and ends every other one', async ({ app, db }) => {
    const user = await createUser(db, { password: 'old-password' });
    const current = await signedInClient(app, user);
    const other = await signedInClient(app, user, { remember: true });
    const response = await current.put('/api/user/password', {
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(response.statusCode).toBe(204);
    expect((await current.get('/api/user/me')).statusCode).toBe(200);
    expect((await other.get('/api/user/me')).statusCode).toBe(401);
    const loginWith = (password: string) => login(app, { username: user.username, password });
    expect((await loginWith('old-password')).statusCode).toBe(401);
    expect((await loginWith('new-password')).statusCode).toBe(200);
  });

  test('refuses a change posted from another site', async ({ app }) => {
    const client = await createSignedInUser(app, { password: 'old-password' });
    const response = await client.put(
      '/api/user/password',
      { currentPassword: 'old-password', newPassword: 'attacker-password' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
    const signedIn = await login(app, { username: client.user.username, password: 'old-password' });
    expect(signedIn.statusCode).toBe(200);
  });
});
