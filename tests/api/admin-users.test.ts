import { randomUUID } from 'node:crypto';
import { newUser, test } from '../support/admin-users.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect } from '../support/fixtures.ts';
import { login, loginClient, signedInClient } from '../support/sign-in.ts';

/** Listing, creating and editing users, and setting their passwords (the administrator's screen). */

const issueMessages = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.at(-1),
    issue.message,
  ]);

describe('GET /api/admin/users', () => {
  test('lists everyone with the fields the screen shows, and no secret', async ({
    admin,
    maria,
  }) => {
    const response = await admin.get('/api/admin/users');
    expect(response.statusCode).toBe(200);
    const users = response.json<{ items: Record<string, unknown>[] }>().items;
    expect(users.map((user) => user.id)).toEqual(expect.arrayContaining([admin.user.id, maria.id]));
    expect(users.find((user) => user.id === maria.id)).toEqual({
      id: maria.id,
      username: 'Maria',
      email: 'maria@example.com',
      firstName: 'Test',
      lastName: 'Creator',
      isAdmin: false,
      preferredLanguage: 'en',
      createdAt: maria.createdAt,
      updatedAt: maria.updatedAt,
      twoFactorEnabled: false,
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash|"password"|secret/);
  });
});

describe('POST /api/admin/users', () => {
  test('creates an account that can sign in, and welcomes it in its bell', async ({
    app,
    admin,
  }) => {
    const input = newUser({ firstName: '  ', lastName: undefined });
    const response = await admin.post('/api/admin/users', input);
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: string };
    expect(created).toMatchObject({
      username: input.username,
      email: input.email,
      firstName: null,
      lastName: null,
      isAdmin: false,
    });
    expect(response.body).not.toMatch(/argon2|secret-123/);

    const signedIn = await loginClient(app, { username: input.email, password: input.password });
    const bell = await signedIn.get('/api/notifications');
    expect(bell.json()).toMatchObject({
      unreadCount: 1,
      notifications: [
        {
          userId: created.id,
          type: 'system',
          title: 'Welcome to Creator Agency',
          isRead: false,
          relatedId: null,
        },
      ],
    });
  });

  test('says what is wrong with each invalid field, creating nothing', async ({ admin }) => {
    const before = (await admin.get('/api/admin/users')).json<{ total: number }>().total;
    const response = await admin.post('/api/admin/users', {
      username: 'ab',
      email: 'not-an-email',
      password: '12345',
      firstName: 'x'.repeat(101),
      isAdmin: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(issueMessages(response)).toEqual([
      ['username', 'Username must be at least 3 characters'],
      ['email', 'Invalid email address'],
      ['firstName', 'First name must be at most 100 characters'],
      ['isAdmin', expect.any(String)],
      ['password', 'Password must be at least 6 characters'],
    ]);
    const after = (await admin.get('/api/admin/users')).json<{ total: number }>().total;
    expect(after).toBe(before);
  });

  test('refuses a username or email already used, in any case, naming the field', async ({
    admin,
    maria,
  }) => {
    const sameName = await admin.post(
      '/api/admin/users',
      newUser({ username: maria.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      code: 'user.username_taken',
      message: 'This username is already taken. Please choose another one.',
      issues: [
        {
          path: ['username'],
          code: 'user.username_taken',
          message: 'This username is already taken. Please choose another one.',
        },
      ],
    });
    const sameEmail = await admin.post('/api/admin/users', newUser({ email: 'Maria@Example.COM' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'user.email_taken',
      message: 'This email address is already used by another account.',
    });
  });
});

describe('GET and PUT /api/admin/users/{id}', () => {
  test('shows one user, 404 for an unknown id', async ({ admin, maria }) => {
    const response = await admin.get(`/api/admin/users/${maria.id}`);
    expect(response.json()).toMatchObject({ id: maria.id, username: 'Maria' });
    const unknown = await admin.get(`/api/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'user.not_found', message: 'User not found' });
  });

  test('edits every field but the password', async ({ app, db, admin }) => {
    const user = await createUser(db, { password: 'keep-this' });
    const response = await admin.put(`/api/admin/users/${user.id}`, {
      username: 'renamed',
      email: 'renamed@example.com',
      firstName: 'Renata',
      lastName: '',
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      username: 'renamed',
      email: 'renamed@example.com',
      firstName: 'Renata',
      lastName: null,
      isAdmin: true,
    });
    expect((await admin.get(`/api/admin/users/${user.id}`)).json()).toMatchObject({
      username: 'renamed',
      isAdmin: true,
    });
    expect((await login(app, { username: 'renamed', password: 'keep-this' })).statusCode).toBe(200);
  });

  test('refuses an edit taking someone else’s name or email, 404 for an unknown id', async ({
    db,
    admin,
    maria,
  }) => {
    const user = await createUser(db);
    const clash = await admin.put(`/api/admin/users/${user.id}`, {
      username: user.username,
      email: maria.email.toUpperCase(),
      isAdmin: false,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ issues: [{ path: ['email'] }] });
    const unknown = await admin.put(`/api/admin/users/${randomUUID()}`, {
      username: 'whoever',
      email: 'whoever@example.com',
      isAdmin: false,
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await admin.put(`/api/admin/users/${user.id}`, {
      username: 'ok_name',
      email: 'nope',
    });
    expect(issueMessages(invalid)).toEqual([['email', 'Invalid email address']]);
  });

  test('will not take the admin flag from the last administrator', async ({ app, db }) => {
    const only = await db
      .selectFrom('users')
      .selectAll()
      .where('isAdmin', '=', true)
      .executeTakeFirstOrThrow();
    const onlyAdmin = await signedInClient(app, only);
    const response = await onlyAdmin.put(`/api/admin/users/${only.id}`, {
      username: only.username,
      email: only.email,
      isAdmin: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'user.last_administrator',
      message: 'This is the last administrator. Make another user an administrator first.',
    });
    const still = await onlyAdmin.get('/api/admin/users');
    expect(still.statusCode).toBe(200);
  });
});

describe('two administrators demoting each other at the same moment', () => {
  test('leaves exactly one administrator', async ({ app, db }) => {
    const first = await db
      .selectFrom('users')
      .selectAll()
      .where('isAdmin', '=', true)
      .executeTakeFirstOrThrow();
    const second = await createUser(db, { isAdmin: true });
    const demote = async (actor: { id: string }, target: typeof first) =>
      (await signedInClient(app, actor)).put(`/api/admin/users/${target.id}`, {
        username: target.username,
        email: target.email,
        isAdmin: false,
      });
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    // The loser is refused as the last administrator (409), or, if the winner finished
    // before its guard ran, as someone who is no longer an administrator (403).
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await db.selectFrom('users').select('id').where('isAdmin', '=', true).execute();
    expect(admins).toHaveLength(1);
  });
});

describe('PATCH /api/admin/users/{id}/password', () => {
  test('sets the password, ends the person’s sessions and tells them in their bell', async ({
    app,
    db,
    admin,
  }) => {
    const user = await createUser(db, { password: 'old-password' });
    const session = await signedInClient(app, user, { remember: true });
    const response = await admin.patch(`/api/admin/users/${user.id}/password`, {
      newPassword: 'set-by-admin',
    });
    expect(response.statusCode).toBe(204);
    const me = await session.get('/api/user/me');
    expect(me.statusCode).toBe(401);
    expect(
      (await login(app, { username: user.username, password: 'old-password' })).statusCode,
    ).toBe(401);
    const fresh = await loginClient(app, { username: user.username, password: 'set-by-admin' });
    const bell = await fresh.get('/api/notifications');
    expect(bell.json()).toMatchObject({
      notifications: [{ type: 'system', title: 'Your password was changed', isRead: false }],
    });
    // The administrator's own session is untouched.
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
  });

  test('needs at least 6 characters; 404 for an unknown user', async ({ admin, maria }) => {
    const short = await admin.patch(`/api/admin/users/${maria.id}/password`, {
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(issueMessages(short)).toEqual([
      ['newPassword', 'Password must be at least 6 characters'],
    ]);
    const unknown = await admin.patch(`/api/admin/users/${randomUUID()}/password`, {
      newPassword: 'long-enough',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
