import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AdminTask, AdminTaskList } from '../../src/domain/tasks.ts';
import { outboxDir } from '../../src/server/mail/mailer.ts';
import { storedFiles } from '../support/applications.ts';
import {
  assignTask,
  createTask,
  createTaskUpload,
  createUser,
  taskInput,
} from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';

/** Two creators to hand tasks to: Maria, who reads Portuguese, and Lucas, who reads Spanish. */
const test = base
  .extend('maria', ({ db }) => createUser(db, { firstName: 'Maria', preferredLanguage: 'pt' }))
  .extend('lucas', ({ db }) => createUser(db, { firstName: 'Lucas', preferredLanguage: 'es' }));

const issues = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('POST /api/admin/tasks', () => {
  test('creates a task for two creators, each new, told in their bell and by mail in their language', async ({
    db,
    testApp,
    admin,
    maria,
    lucas,
  }) => {
    const response = await admin.post('/api/admin/tasks', taskInput([maria.id, lucas.id]));
    expect(response.statusCode).toBe(201);
    const task = response.json<AdminTask>();
    expect(task).toMatchObject({
      title: 'Beach shoot',
      description: 'Ten photos at golden hour.',
      dueDate: '2026-12-01T18:00:00.000Z',
      contentType: 'photo',
      maxFiles: 10,
      status: 'new',
    });
    expect(task.assignees.map((assignee) => [assignee.userId, assignee.status]).sort()).toEqual(
      [
        [maria.id, 'new'],
        [lucas.id, 'new'],
      ].sort(),
    );

    const notifications = await db
      .selectFrom('notifications')
      .select(['userId', 'type', 'relatedId', 'title', 'message'])
      .where('relatedId', '=', task.id)
      .execute();
    expect(notifications).toHaveLength(2);
    expect(notifications.find((notification) => notification.userId === lucas.id)).toMatchObject({
      type: 'task',
      title: 'Nueva tarea asignada',
      message: 'Beach shoot',
    });

    await expect
      .poll(() =>
        fs.existsSync(outboxDir(testApp.config.dataDir))
          ? fs.readdirSync(outboxDir(testApp.config.dataDir)).length
          : 0,
      )
      .toBeGreaterThanOrEqual(2);
    const mails = fs
      .readdirSync(outboxDir(testApp.config.dataDir))
      .map((file) => fs.readFileSync(path.join(outboxDir(testApp.config.dataDir), file), 'utf8'));
    const toLucas = mails.find((mail) => mail.includes(lucas.email));
    expect(toLucas).toMatch(/Subject: Nueva tarea: Beach shoot/);
    expect(toLucas).toContain(`/tasks/${task.id}`);
    expect(mails.find((mail) => mail.includes(maria.email))).toMatch(/Subject: Nova tarefa/);
  });

  test('takes maxFiles as text or a number, 100 and both by default', async ({
    admin,
    maria,
    lucas,
  }) => {
    const {
      maxFiles: _maxFiles,
      contentType: _contentType,
      ...rest
    } = taskInput([maria.id, lucas.id]);
    const defaults = await admin.post('/api/admin/tasks', rest);
    expect(defaults.json()).toMatchObject({ maxFiles: 100, contentType: 'both' });
    expect(
      (
        await admin.post('/api/admin/tasks', taskInput([maria.id, lucas.id], { maxFiles: 7 }))
      ).json(),
    ).toMatchObject({
      maxFiles: 7,
    });
  });

  test('says what is wrong with each field and creates nothing', async ({
    db,
    admin,
    maria,
    lucas,
  }) => {
    const before = (await admin.get('/api/admin/tasks')).json<AdminTaskList>().total;
    const empty = await admin.post('/api/admin/tasks', {
      title: ' ',
      description: '',
      dueDate: '',
      assignedUsers: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(issues(empty)).toEqual([
      ['title', 'Title is required'],
      ['description', 'Description is required'],
      ['dueDate', 'Due date is required'],
      ['assignedUsers', 'At least one user must be assigned'],
    ]);
    const long = await admin.post(
      '/api/admin/tasks',
      taskInput([maria.id, lucas.id], { title: 'x'.repeat(201) }),
    );
    expect(issues(long)).toEqual([['title', 'Title must be at most 200 characters']]);
    for (const maxFiles of ['0', '101', 'many', 2.5]) {
      const wrong = await admin.post(
        '/api/admin/tasks',
        taskInput([maria.id, lucas.id], { maxFiles }),
      );
      expect(wrong.statusCode, String(maxFiles)).toBe(400);
      expect(issues(wrong)[0]?.[0]).toBe('maxFiles');
    }
    const wrongType = await admin.post(
      '/api/admin/tasks',
      taskInput([maria.id, lucas.id], { contentType: 'audio' as never }),
    );
    expect(issues(wrongType)[0]?.[0]).toBe('contentType');
    const notADate = await admin.post(
      '/api/admin/tasks',
      taskInput([maria.id, lucas.id], { dueDate: 'next friday' }),
    );
    expect(issues(notADate)).toEqual([['dueDate', 'Due date must be a date and time']]);

    const otherAdmin = await createUser(db, { isAdmin: true });
    for (const assignedUsers of [[otherAdmin.id], [maria.id, 'no-such-user']]) {
      const refused = await admin.post('/api/admin/tasks', taskInput(assignedUsers));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'task.assignee_unknown' });
    }
    expect((await admin.get('/api/admin/tasks')).json<AdminTaskList>().total).toBe(before);
  });
});

describe('GET /api/admin/tasks', () => {
  test('pages by 25, searches title and description in any case, and filters', async ({
    db,
    admin,
  }) => {
    for (let n = 0; n < 27; n++) {
      await createTask(db, {
        title: n === 3 ? 'Reels de verão' : `Task ${n}`,
        description: n === 4 ? 'Studio LIGHTING test' : 'Outdoor',
        contentType: n % 2 === 0 ? 'video' : 'photo',
        status: n === 5 ? 'submitted' : 'new',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      });
    }
    const first = (await admin.get('/api/admin/tasks')).json<AdminTaskList>();
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.title).toBe('Task 26');
    expect((await admin.get('/api/admin/tasks?page=2')).json<AdminTaskList>().items).toHaveLength(
      2,
    );
    const search = async (query: string) =>
      (await admin.get(`/api/admin/tasks?${query}`)).json<AdminTaskList>();
    expect((await search('q=VERAO')).items.map((task) => task.title)).toEqual(['Reels de verão']);
    expect((await search('q=lighting')).total).toBe(1);
    expect((await search('status=submitted')).total).toBe(1);
    expect((await search('contentType=video')).total).toBe(14);
    expect((await search('contentType=video&q=task 1')).total).toBe(5);
  });
});

describe('changing a task', () => {
  test('fixes the title, moves the due date, takes one creator off with their files and adds another', async ({
    app,
    db,
    testApp,
    admin,
    maria,
    lucas,
  }) => {
    const sofia = await createUser(db, { firstName: 'Sofia' });
    const task = (
      await admin.post('/api/admin/tasks', taskInput([maria.id, lucas.id]))
    ).json<AdminTask>();
    const key = `tasks/${task.id}/lucas-file`;
    await app.deps.storage.put(key, Readable.from([Buffer.from('x')]));
    await createTaskUpload(db, {
      taskId: task.id,
      userId: lucas.id,
      fileKey: key,
    });

    const response = await admin.put(
      `/api/admin/tasks/${task.id}`,
      taskInput([maria.id, lucas.id], {
        title: 'Beach shoot, second day',
        dueDate: '2026-12-02T18:00:00.000Z',
        assignedUsers: [maria.id, sofia.id],
      }),
    );
    expect(response.statusCode).toBe(200);
    const changed = response.json<AdminTask>();
    expect(changed).toMatchObject({
      title: 'Beach shoot, second day',
      dueDate: '2026-12-02T18:00:00.000Z',
    });
    expect(changed.assignees.map((assignee) => assignee.userId).sort()).toEqual(
      [maria.id, sofia.id].sort(),
    );
    expect(storedFiles(testApp.config.dataDir)).not.toContain(key);
    const lucasUploads = await db
      .selectFrom('taskUploads')
      .select('id')
      .where('taskId', '=', task.id)
      .where('userId', '=', lucas.id)
      .execute();
    expect(lucasUploads).toEqual([]);
    expect(
      (await admin.put('/api/admin/tasks/no-such-task', taskInput([maria.id, lucas.id])))
        .statusCode,
    ).toBe(404);
  });

  test('deletes a task with its files', async ({ app, db, testApp, admin, maria }) => {
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: maria.id });
    const key = `tasks/${task.id}/maria-file`;
    await app.deps.storage.put(key, Readable.from([Buffer.from('x')]));
    await createTaskUpload(db, {
      taskId: task.id,
      userId: maria.id,
      fileKey: key,
    });

    expect((await admin.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    expect(storedFiles(testApp.config.dataDir)).not.toContain(key);
    // Deleting it again finds nothing left to delete (decision 0041).
    expect((await admin.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
  });

  test('sets any of the four statuses for every assignee with a file, and says so in the progress', async ({
    db,
    admin,
    maria,
    lucas,
  }) => {
    const task = (
      await admin.post('/api/admin/tasks', taskInput([maria.id, lucas.id]))
    ).json<AdminTask>();
    await createTaskUpload(db, { taskId: task.id, userId: maria.id });
    await createTaskUpload(db, { taskId: task.id, userId: lucas.id });
    for (const status of ['completed', 'in_progress', 'submitted', 'new'] as const) {
      const response = await admin.patch(`/api/admin/tasks/${task.id}/status`, { status });
      expect(response.statusCode).toBe(200);
      const changed = response.json<AdminTask>();
      expect(changed.status).toBe(status);
      expect(changed.assignees.map((assignee) => assignee.status)).toEqual([status, status]);
    }
    const wrong = await admin.patch(`/api/admin/tasks/${task.id}/status`, { status: 'done' });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await admin.patch('/api/admin/tasks/no-such-task/status', { status: 'new' })).statusCode,
    ).toBe(404);
  });
});
