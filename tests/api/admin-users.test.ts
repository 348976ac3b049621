import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageDir } from '../../src/server/storage/storage.ts';
import {
  assignTask,
  createCompensation,
  createNotification,
  createTask,
  createTaskUpload,
  createUser,
  type TestUser,
} from '../support/factories.ts';
import { signedInClient, type SignedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let admin: TestUser;
let asAdmin: SignedInClient;
let maria: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createUser(testApp.app.db, { username: 'boss', isAdmin: true });
  asAdmin = await signedInClient(testApp.app, admin);
  maria = await createUser(testApp.app.db, {
    username: 'Maria',
    email: 'maria@example.com',
    password: 'maria-password',
  });
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const issueMessages = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.at(-1),
    issue.message,
  ]);

const newUser = (overrides: object = {}) => ({
  username: `user_${randomUUID().slice(0, 8)}`,
  email: `${randomUUID().slice(0, 8)}@example.com`,
  password: 'secret-123',
  firstName: 'Ana',
  lastName: 'Lima',
  isAdmin: false,
  ...overrides,
});

describe('GET /api/admin/users', () => {
  it('lists everyone with the fields the screen shows, and no secret', async () => {
    const response = await asAdmin.get('/api/admin/users');
    expect(response.statusCode).toBe(200);
    const users = response.json<{ items: Record<string, unknown>[] }>().items;
    expect(users.map((user) => user.id)).toEqual(expect.arrayContaining([admin.id, maria.id]));
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
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash|"password"/);
  });
});

describe('POST /api/admin/users', () => {
  it('creates an account that can sign in, and welcomes it in its bell', async () => {
    const input = newUser({ firstName: '  ', lastName: undefined });
    const response = await asAdmin.post('/api/admin/users', input);
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

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie },
    });
    expect(bell.json()).toMatchObject({
      unreadCount: 1,
      notifications: [
        {
          userId: created.id,
          type: 'system',
          title: 'Welcome to the agency',
          isRead: false,
          relatedId: null,
        },
      ],
    });
  });

  it('gives the spec messages for each invalid field, creating nothing', async () => {
    const before = (await asAdmin.get('/api/admin/users')).json<{ total: number }>().total;
    const response = await asAdmin.post('/api/admin/users', {
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
    const after = (await asAdmin.get('/api/admin/users')).json<{ total: number }>().total;
    expect(after).toBe(before);
  });

  it('refuses a username or email already used, in any case, naming the field', async () => {
    const sameName = await asAdmin.post('/api/admin/users', newUser({ username: 'MARIA' }));
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
    const sameEmail = await asAdmin.post(
      '/api/admin/users',
      newUser({ email: 'Maria@Example.COM' }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'user.email_taken',
      message: 'This email address is already used by another account.',
    });
  });
});

describe('GET and PUT /api/admin/users/{id}', () => {
  it('shows one user, 404 for an unknown id', async () => {
    const response = await asAdmin.get(`/api/admin/users/${maria.id}`);
    expect(response.json()).toMatchObject({ id: maria.id, username: 'Maria' });
    const unknown = await asAdmin.get(`/api/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'user.not_found', message: 'User not found' });
  });

  it('edits every field but the password', async () => {
    const user = await createUser(testApp.app.db, { password: 'keep-this' });
    const response = await asAdmin.put(`/api/admin/users/${user.id}`, {
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
    expect((await asAdmin.get(`/api/admin/users/${user.id}`)).json()).toMatchObject({
      username: 'renamed',
      isAdmin: true,
    });
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'renamed', password: 'keep-this' },
    });
    expect(login.statusCode).toBe(200);
    // Back to a regular user, so the admin counts of later tests stay simple.
    await asAdmin.put(`/api/admin/users/${user.id}`, {
      username: 'renamed',
      email: 'renamed@example.com',
      isAdmin: false,
    });
  });

  it('refuses an edit taking someone else’s name or email, 404 for an unknown id', async () => {
    const user = await createUser(testApp.app.db);
    const clash = await asAdmin.put(`/api/admin/users/${user.id}`, {
      username: user.username,
      email: 'MARIA@example.com',
      isAdmin: false,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ issues: [{ path: ['email'] }] });
    const unknown = await asAdmin.put(`/api/admin/users/${randomUUID()}`, {
      username: 'whoever',
      email: 'whoever@example.com',
      isAdmin: false,
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await asAdmin.put(`/api/admin/users/${user.id}`, {
      username: 'ok_name',
      email: 'nope',
    });
    expect(issueMessages(invalid)).toEqual([['email', 'Invalid email address']]);
  });

  it('will not take the admin flag from the last administrator', async () => {
    const lonely = await createTestApp();
    try {
      const only = await lonely.app.db
        .selectFrom('users')
        .selectAll()
        .where('isAdmin', '=', true)
        .executeTakeFirstOrThrow();
      const onlyAdmin = await signedInClient(lonely.app, only);
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
    } finally {
      await lonely.close();
    }
  });
});

describe('two administrators demoting each other at the same moment', () => {
  it('leaves exactly one administrator', async () => {
    const pair = await createTestApp();
    try {
      const first = await pair.app.db
        .selectFrom('users')
        .selectAll()
        .where('isAdmin', '=', true)
        .executeTakeFirstOrThrow();
      const second = await createUser(pair.app.db, { isAdmin: true });
      const demote = async (actor: { id: string }, target: typeof first) =>
        (await signedInClient(pair.app, actor)).put(`/api/admin/users/${target.id}`, {
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
      const admins = await pair.app.db
        .selectFrom('users')
        .select('id')
        .where('isAdmin', '=', true)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });
});

describe('PATCH /api/admin/users/{id}/password', () => {
  it('sets the password, ends the person’s sessions and tells them in their bell', async () => {
    const user = await createUser(testApp.app.db, { password: 'old-password' });
    const session = await signedInClient(testApp.app, user, { remember: true });
    const response = await asAdmin.patch(`/api/admin/users/${user.id}/password`, {
      newPassword: 'set-by-admin',
    });
    expect(response.statusCode).toBe(204);
    const me = await session.get('/api/user/me');
    expect(me.statusCode).toBe(401);
    const login = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
      });
    expect((await login('old-password')).statusCode).toBe(401);
    const fresh = await login('set-by-admin');
    expect(fresh.statusCode).toBe(200);
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { sid: fresh.cookies.find((c) => c.name === 'sid')?.value ?? '' },
    });
    expect(bell.json()).toMatchObject({
      notifications: [{ type: 'system', title: 'Your password was changed', isRead: false }],
    });
    // The administrator's own session is untouched.
    expect((await asAdmin.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('needs at least 6 characters; 404 for an unknown user', async () => {
    const short = await asAdmin.patch(`/api/admin/users/${maria.id}/password`, {
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(issueMessages(short)).toEqual([
      ['newPassword', 'Password must be at least 6 characters'],
    ]);
    const unknown = await asAdmin.patch(`/api/admin/users/${randomUUID()}/password`, {
      newPassword: 'long-enough',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('removes the person with their sessions, notifications, assignments, uploads and drafts', async () => {
    const { db, storage } = testApp.app;
    const user = await createUser(db);
    const session = await signedInClient(testApp.app, user);
    await createNotification(db, user.id);
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: user.id });
    const { fileKey } = await createTaskUpload(db, { taskId: task.id, userId: user.id });
    await storage.put(fileKey, Readable.from(Buffer.from('jpeg bytes')));
    await createCompensation(db, user.id, { status: 'draft' });
    const file = path.join(storageDir(testApp.config.dataDir), fileKey);
    expect(fs.existsSync(file)).toBe(true);

    const response = await asAdmin.delete(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(204);

    expect((await asAdmin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
    const me = await session.get('/api/user/me');
    expect(me.statusCode).toBe(401);
    for (const table of [
      'sessions',
      'notifications',
      'taskAssignments',
      'taskUploads',
      'compensations',
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select('userId')
        .where('userId', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(fs.existsSync(file)).toBe(false);
    // The task itself belongs to the agency and stays.
    expect(
      await db.selectFrom('tasks').select('id').where('id', '=', task.id).execute(),
    ).toHaveLength(1);
  });

  it('keeps a person who has published compensation: pay history is kept', async () => {
    const user = await createUser(testApp.app.db);
    await createCompensation(testApp.app.db, user.id, {
      status: 'published',
      publishedAt: new Date().toISOString(),
    });
    await createCompensation(testApp.app.db, user.id, { status: 'draft', month: 2 });
    const response = await asAdmin.delete(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'user.delete_paid',
      message:
        'This user has published compensation and cannot be deleted: pay history is kept. You can still edit the account or change its password.',
    });
    expect((await asAdmin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    const kept = await testApp.app.db
      .selectFrom('compensations')
      .select('status')
      .where('userId', '=', user.id)
      .execute();
    expect(kept).toHaveLength(2);
  });

  it('will not delete your own account; 404 for an unknown one', async () => {
    const self = await asAdmin.delete(`/api/admin/users/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({
      code: 'user.delete_self',
      message: 'You cannot delete your own account.',
    });
    expect((await asAdmin.get('/api/admin/users')).statusCode).toBe(200);
    const unknown = await asAdmin.delete(`/api/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a deletion posted from another site', async () => {
    const user = await createUser(testApp.app.db);
    const response = await asAdmin.delete(`/api/admin/users/${user.id}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await asAdmin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
  });
});

describe('who may manage users', () => {
  it('401 for nobody, 403 for a creator, on every call', async () => {
    const asMaria = await signedInClient(testApp.app, maria);
    const calls: [Method, string, object?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', newUser()],
      ['GET', `/api/admin/users/${maria.id}`],
      [
        'PUT',
        `/api/admin/users/${maria.id}`,
        { username: 'hacked', email: 'h@example.com', isAdmin: true },
      ],
      ['PATCH', `/api/admin/users/${admin.id}/password`, { newPassword: 'taken-over' }],
      ['DELETE', `/api/admin/users/${admin.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await testApp.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const creator = await asMaria.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(creator.statusCode, `${method} ${url}`).toBe(403);
      expect(creator.json()).toEqual({
        code: 'auth.admin_only',
        message: 'Only administrators can do this.',
      });
    }
    expect((await asAdmin.get(`/api/admin/users/${maria.id}`)).json()).toMatchObject({
      username: 'Maria',
      isAdmin: false,
    });
  });
});
