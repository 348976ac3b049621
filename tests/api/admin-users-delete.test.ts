import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { storageDir } from '../../src/server/storage/storage.ts';
import { newUser, test } from '../support/admin-users.ts';
import {
  assignTask,
  createCompensation,
  createNotification,
  createTask,
  createTaskUpload,
  createUser,
} from '../support/factories.ts';
import { describe, expect } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';

/** Deleting a user, and who may manage users at all. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('DELETE /api/admin/users/{id}', () => {
  test('removes the person with their sessions, notifications, assignments, uploads and drafts', async ({
    app,
    testApp,
    admin,
  }) => {
    const { db, storage } = app.deps;
    const user = await createUser(db);
    const session = await signedInClient(app, user);
    await createNotification(db, user.id);
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: user.id });
    const { fileKey } = await createTaskUpload(db, { taskId: task.id, userId: user.id });
    await storage.put(fileKey, Readable.from(Buffer.from('jpeg bytes')));
    await createCompensation(db, user.id, { status: 'draft' });
    const file = path.join(storageDir(testApp.config.dataDir), fileKey);
    expect(fs.existsSync(file)).toBe(true);

    const response = await admin.delete(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(204);

    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
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

  test('keeps a person who has published compensation: their compensation history is kept', async ({
    db,
    admin,
  }) => {
    const user = await createUser(db);
    await createCompensation(db, user.id, {
      status: 'published',
      publishedAt: new Date().toISOString(),
    });
    await createCompensation(db, user.id, { status: 'draft', month: 2 });
    const response = await admin.delete(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'user.delete_paid',
      message:
        'This user has published compensation and cannot be deleted: pay history is kept. You can still edit the account or change its password.',
    });
    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    const kept = await db
      .selectFrom('compensations')
      .select('status')
      .where('userId', '=', user.id)
      .execute();
    expect(kept).toHaveLength(2);
  });

  test('will not delete your own account; nothing to do for an unknown one', async ({ admin }) => {
    const self = await admin.delete(`/api/admin/users/${admin.user.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({
      code: 'user.delete_self',
      message: 'You cannot delete your own account.',
    });
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    // Unknown, or deleted already: the two cannot be told apart, and both are done (decision 0041).
    const unknown = await admin.delete(`/api/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(204);
  });

  test('refuses a deletion posted from another site', async ({ db, admin }) => {
    const user = await createUser(db);
    const response = await admin.delete(`/api/admin/users/${user.id}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
  });
});

describe('who may manage users', () => {
  test('401 for nobody, 403 for a creator, on every call', async ({ app, admin, maria }) => {
    const asMaria = await signedInClient(app, maria);
    const calls: [Method, string, object?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', newUser()],
      ['GET', `/api/admin/users/${maria.id}`],
      [
        'PUT',
        `/api/admin/users/${maria.id}`,
        { username: 'hacked', email: 'h@example.com', isAdmin: true },
      ],
      ['PATCH', `/api/admin/users/${admin.user.id}/password`, { newPassword: 'taken-over' }],
      ['DELETE', `/api/admin/users/${admin.user.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const creator = await asMaria.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(creator.statusCode, `${method} ${url}`).toBe(403);
      expect(creator.json()).toEqual({
        code: 'auth.admin_only',
        message: 'Only administrators can do this.',
      });
    }
    expect((await admin.get(`/api/admin/users/${maria.id}`)).json()).toMatchObject({
      username: 'Maria',
      isAdmin: false,
    });
  });
});
