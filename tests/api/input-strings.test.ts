import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/server/db/database.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { applicationFields, submitApplication } from '../support/applications.ts';
import { assignTask, createApplication, createTask, taskInput } from '../support/factories.ts';
import { formBody, pngBytes } from '../support/files.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { login } from '../support/sign-in.ts';

/**
 * Every string the API takes refuses control characters and has a length the database holds
 * (decision 0040): NUL, which PostgreSQL cannot store and SQLite would keep, is refused in a JSON
 * body, a multipart field, a path parameter and a search alike, as invalid input in the one error
 * shape, and nothing is written. Text that may span lines keeps its line breaks and tabs.
 */

const NUL = '\u0000';

/** 400 in the API's error shape, the code for the whole answer and on the field's own path. */
function expectRefused(
  response: LightMyRequestResponse,
  path: (string | number)[],
  code = 'text.control_character',
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ code: string; message: string; issues: unknown[] }>();
  expect(body.code).toBe(code);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message).not.toBe('');
  expect(body.issues).toContainEqual({ path, code, message: body.message });
}

const count = async (db: Db, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('NUL in a JSON string', () => {
  test('signing in, anonymous: refused before any account is looked up or any failure counted', async ({
    app,
    db,
  }) => {
    expectRefused(await login(app, { username: `a${NUL}`, password: 'x' }), ['username']);
    expectRefused(await login(app, { username: 'someone', password: `x${NUL}` }), ['password']);
    expect(await count(db, 'signInFailures')).toBe(0);
  });

  test('forgotten password and reset link', async ({ app, db }) => {
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: `a${NUL}b` },
    });
    expectRefused(forgot, ['username']);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: `t${NUL}`, newPassword: 'secret-123' },
    });
    expectRefused(reset, ['token']);
    expect(await count(db, 'passwordResetTokens')).toBe(0);
  });

  test("an administrator's new account: no field may hold it, and no account is made", async ({
    admin,
    db,
  }) => {
    const before = await count(db, 'users');
    const account = {
      username: 'ana_lima',
      email: 'ana@example.com',
      password: 'secret-123',
      firstName: 'Ana',
      lastName: 'Lima',
    };
    for (const field of ['username', 'firstName', 'lastName', 'password'] as const) {
      const response = await admin.post('/api/admin/users', {
        ...account,
        [field]: `${account[field]}${NUL}`,
      });
      // A username speaks of every invisible character it refuses (decision 0040).
      expectRefused(
        response,
        [field],
        field === 'username' ? 'user.username_invisible' : 'text.control_character',
      );
    }
    expect(await count(db, 'users')).toBe(before);
  });

  test('own username and password: refused, the account unchanged', async ({ creator, db }) => {
    expectRefused(
      await creator.put('/api/user/profile', { username: `new${NUL}name` }),
      ['username'],
      'user.username_invisible',
    );
    const password = await creator.put('/api/user/password', {
      currentPassword: creator.user.password,
      newPassword: `secret${NUL}123`,
    });
    expectRefused(password, ['newPassword']);
    const row = await db
      .selectFrom('users')
      .select(['username', 'passwordHash'])
      .where('id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      username: creator.user.username,
      passwordHash: creator.user.passwordHash,
    });
  });

  test('a task: its title and its description, and a review’s feedback', async ({
    admin,
    creator,
    db,
  }) => {
    for (const field of ['title', 'description'] as const) {
      const response = await admin.post(
        '/api/admin/tasks',
        taskInput([creator.user.id], { [field]: `Beach${NUL}shoot` }),
      );
      expectRefused(response, [field]);
    }
    const assignee = await admin.post('/api/admin/tasks', taskInput([`${creator.user.id}${NUL}`]));
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json()).toMatchObject({
      code: 'text.control_character',
      issues: [{ path: expect.arrayContaining(['assignedUsers']) }],
    });
    expect(await count(db, 'tasks')).toBe(0);

    const task = await createTask(db);
    const review = await admin.post(
      `/api/admin/tasks/${task.id}/assignees/${creator.user.id}/review`,
      { decision: 'changes_requested', feedback: `More light${NUL}` },
    );
    expectRefused(review, ['feedback']);
    expect(await count(db, 'taskReviews')).toBe(0);
  });

  test('compensation: the creator named and the notes', async ({ admin, creator, db }) => {
    const entry = { userId: creator.user.id, month: 3, year: 2026, amount: '1300.00' };
    expectRefused(
      await admin.post('/api/admin/compensations', { ...entry, notes: `Bonus${NUL}` }),
      ['notes'],
    );
    expectRefused(
      await admin.post('/api/admin/compensations', {
        ...entry,
        userId: `${creator.user.id}${NUL}`,
      }),
      ['userId'],
    );
    expect(await count(db, 'compensations')).toBe(0);
  });

  test("an application's review note", async ({ admin, db }) => {
    const application = await createApplication(db);
    const response = await admin.put(`/api/admin/applications-v2/${application.id}/status`, {
      status: 'rejected',
      adminNotes: `Not now${NUL}`,
    });
    expectRefused(response, ['adminNotes']);
    expect(await count(db, 'applicationNotes')).toBe(0);
  });
});

describe('NUL in a multipart field', () => {
  test('an application: a text field, and a social account inside its JSON, store nothing', async ({
    app,
    db,
  }) => {
    expectRefused(
      await submitApplication(app, { fields: applicationFields({ city: `Madrid${NUL}` }) }),
      ['city'],
    );
    const socialAccounts = JSON.stringify([
      { network: 'Instagram', handle: `@lucia${NUL}`, followers: 10 },
    ]);
    expectRefused(await submitApplication(app, { fields: applicationFields({ socialAccounts }) }), [
      'socialAccounts',
      0,
      'handle',
    ]);
    expect(await count(db, 'applications')).toBe(0);
  });
});

describe("a file's name and what a resumable upload names", () => {
  test('a task file named with a control character is refused and not kept', async ({
    creator,
    db,
  }) => {
    const task = await createTask(db, { contentType: 'photo' });
    await assignTask(db, { taskId: task.id, userId: creator.user.id });
    const file = { name: `look${NUL}.png`, type: 'image/png', content: pngBytes(8, 8, [1, 2, 3]) };
    const { payload, headers } = await formBody({}, [{ field: 'files', file }]);
    const response = await creator.post(`/api/tasks/${task.id}/upload`, payload, { headers });
    expectRefused(response, ['files']);
    expect(await count(db, 'taskUploads')).toBe(0);
  });

  test('a resumable upload naming its task or file with NUL is refused and claims nothing', async ({
    creator,
    db,
  }) => {
    const task = await createTask(db, { contentType: 'photo' });
    await assignTask(db, { taskId: task.id, userId: creator.user.id });
    const metadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
    const create = (fields: Record<string, string>) =>
      creator.post('/api/uploads', undefined, {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '100',
          'upload-metadata': metadata(fields),
        },
      });
    expectRefused(await create({ taskId: `${task.id}${NUL}`, filename: 'look.png' }), ['taskId']);
    expectRefused(await create({ taskId: task.id, filename: `look${NUL}.png` }), ['filename']);
    expect(await count(db, 'taskUploadClaims')).toBe(0);
  });
});

describe('NUL in a path parameter', () => {
  test("an administrator's calls of each area", async ({ admin }) => {
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['id', () => admin.get('/api/admin/users/a%00b')],
      ['id', () => admin.put('/api/admin/users/a%00b', { username: 'ana_lima', email: 'a@b.co' })],
      ['id', () => admin.delete('/api/admin/users/a%00b')],
      ['id', () => admin.get('/api/admin/applications-v2/a%00b')],
      ['id', () => admin.delete('/api/admin/applications-v2/a%00b')],
      ['id', () => admin.get('/api/admin/tasks/a%00b')],
      ['userId', () => admin.get('/api/admin/tasks/abc/assignees/a%00b/archive.zip')],
      ['userId', () => admin.get('/api/admin/compensations/user/a%00b')],
      ['id', () => admin.post('/api/admin/compensations/a%00b/publish')],
      ['file', () => admin.get('/objects/uploads/a%00b')],
    ];
    for (const [param, call] of calls) expectRefused(await call(), [param]);
  });

  test("a creator's calls", async ({ creator }) => {
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['id', () => creator.get('/api/tasks/a%00b')],
      ['id', () => creator.patch('/api/tasks/a%00b/status', { status: 'in_progress' })],
      ['uploadId', () => creator.delete('/api/tasks/abc/uploads/a%00b')],
      ['uploadId', () => creator.get('/objects/tasks/a%00b')],
      ['id', () => creator.patch('/api/notifications/a%00b/read')],
    ];
    for (const [param, call] of calls) expectRefused(await call(), [param]);
  });
});

describe('a path parameter longer than an id', () => {
  // The router matched no parameter over 100 characters, so a long id was told the endpoint
  // does not exist; the id's own rule answers instead.
  test('is refused as invalid input on the parameter, by every kind of caller', async ({
    admin,
    creator,
  }) => {
    const long = 'a'.repeat(101);
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['id', () => admin.get(`/api/admin/users/${long}`)],
      ['id', () => admin.delete(`/api/admin/tasks/${'b'.repeat(1000)}`)],
      ['id', () => admin.post(`/api/admin/compensations/${long}/publish`)],
      ['uploadId', () => creator.delete(`/api/tasks/abc/uploads/${long}`)],
      ['id', () => creator.patch(`/api/notifications/${long}/read`)],
    ];
    for (const [param, call] of calls) {
      const response = await call();
      // Each parameter keeps its own code (an entry's id says no such entry).
      expect(response.statusCode, response.body).toBe(400);
      const { issues } = response.json<{ issues: { path: string[] }[] }>();
      expect(issues.map((issue) => issue.path)).toContainEqual([param]);
    }
  });
});

describe('NUL in a query', () => {
  test('the search of every list, and the export of one creator', async ({ admin, creator }) => {
    for (const list of [
      '/api/admin/users',
      '/api/admin/applications-v2',
      '/api/admin/tasks',
      '/api/admin/influencers',
    ]) {
      expectRefused(await admin.get(`${list}?q=a%00b`), ['q']);
    }
    expectRefused(await creator.get('/api/tasks?q=a%00b'), ['q']);
    expectRefused(await admin.get('/api/admin/compensations/export.csv?userId=a%00b'), ['userId']);
  });
});

describe('other control characters', () => {
  test('one line of text refuses each of them, a line break too', async ({
    admin,
    creator,
    db,
  }) => {
    for (const character of ['\u0001', '\u0007', '\u001b', '\n', '\r', '\u007f', '\u0085']) {
      const response = await admin.post(
        '/api/admin/tasks',
        taskInput([creator.user.id], { title: `Beach${character}shoot` }),
      );
      expectRefused(response, ['title']);
    }
    expect(await count(db, 'tasks')).toBe(0);
  });

  test('text of several lines keeps its line breaks and tabs, and refuses the others', async ({
    admin,
    creator,
  }) => {
    const description = 'Look one:\r\n\tbeach at dawn\nLook two:\r\tthe pier';
    const created = await admin.post(
      '/api/admin/tasks',
      taskInput([creator.user.id], { description }),
    );
    expect(created.statusCode, created.body).toBe(201);
    // Line breaks arrive in every convention; they are kept as one, as the screens write them.
    expect(created.json<{ description: string }>().description).toBe(
      'Look one:\n\tbeach at dawn\nLook two:\n\tthe pier',
    );
    const bell = await admin.post(
      '/api/admin/tasks',
      taskInput([creator.user.id], { description: 'Ring\u0007 twice' }),
    );
    expectRefused(bell, ['description']);
  });
});

describe('strings longer than the database holds', () => {
  test('a sign-in name longer than any username or email: refused, no failure counted', async ({
    app,
    db,
  }) => {
    expectRefused(
      await login(app, { username: 'a'.repeat(300), password: 'x' }),
      ['username'],
      'text.too_long',
    );
    expect(await count(db, 'signInFailures')).toBe(0);
  });

  test('every other field without a length of its own says it is too long', async ({
    app,
    admin,
    creator,
    db,
  }) => {
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: `${'a'.repeat(250)}@example.com` },
    });
    expectRefused(forgot, ['username'], 'text.too_long');
    const ownPassword = await creator.put('/api/user/password', {
      currentPassword: 'x'.repeat(5000),
      newPassword: 'secret-123',
    });
    expectRefused(ownPassword, ['currentPassword'], 'text.too_long');
    expectRefused(
      await submitApplication(app, { fields: applicationFields({ phone: '1'.repeat(51) }) }),
      ['phone'],
      'text.too_long',
    );
    const dueDate = await admin.post(
      '/api/admin/tasks',
      taskInput([creator.user.id], { dueDate: `2026-12-01${' '.repeat(200)}x` }),
    );
    expectRefused(dueDate, ['dueDate'], 'text.too_long');
    expect(await count(db, 'signInFailures')).toBe(0);
    expect(await count(db, 'applications')).toBe(0);
    expect(await count(db, 'tasks')).toBe(0);
  });
});
