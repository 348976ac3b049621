import type { AdminTask } from '../../src/domain/tasks.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createTaskUpload, taskInput } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/sign-in.ts';

/**
 * What creators are told when an administrator changes their task: a moved due date, a status
 * set for them, a task withdrawn. Maria reads Portuguese, Lucas Spanish.
 */
const test = base
  .extend('maria', ({ app }) =>
    createSignedInUser(app, { firstName: 'Maria', preferredLanguage: 'pt' }),
  )
  .extend('lucas', ({ app }) =>
    createSignedInUser(app, { firstName: 'Lucas', preferredLanguage: 'es' }),
  );
test.override('appEnv', ({ smtp }) => ({ SMTP_URL: smtp.url }));

const noticesOf = (db: Db, userId: string) =>
  db
    .selectFrom('notifications')
    .select(['title', 'message', 'relatedId'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();

describe('moving a due date', () => {
  test('tells each assignee who stays the new date, in their language, and nobody when it stays', async ({
    app,
    db,
    smtp,
    admin,
    maria,
    lucas,
  }) => {
    const input = taskInput([maria.user.id, lucas.user.id]);
    const task = (await admin.post('/api/admin/tasks', input)).json<AdminTask>();
    await app.deps.outbox.deliverDue();
    const assignedMails = smtp.untaken().length;

    // The title changes, the date does not: no one hears of a due date.
    await admin.put(`/api/admin/tasks/${task.id}`, { ...input, title: 'Beach shoot, day one' });
    const moved = await admin.put(`/api/admin/tasks/${task.id}`, {
      ...input,
      title: 'Beach shoot, day one',
      dueDate: '2026-12-05T18:00:00.000Z',
    });
    expect(moved.statusCode).toBe(200);

    expect((await noticesOf(db, maria.user.id)).map((notice) => notice.title)).toEqual([
      'Nova tarefa atribuída',
      'Prazo alterado',
    ]);
    const [, lucasNotice] = await noticesOf(db, lucas.user.id);
    expect(lucasNotice).toEqual({
      title: 'Fecha de entrega cambiada',
      message: expect.stringMatching(
        /^Beach shoot, day one: ahora vence el sábado, 5 de diciembre/,
      ),
      relatedId: task.id,
    });

    await app.deps.outbox.deliverDue();
    const mails = smtp.untaken().slice(assignedMails);
    const subjects = mails.map((mail) => [mail.to[0], mail.subject]).slice(-2);
    expect(subjects.sort()).toEqual(
      [
        [maria.user.email, 'Novo prazo: Beach shoot, day one'],
        [lucas.user.email, 'Nueva fecha de entrega: Beach shoot, day one'],
      ].sort(),
    );
    const toMaria = mails.find((mail) => mail.to[0] === maria.user.email)!;
    expect(toMaria.text).toContain('O novo prazo é sábado, 5 de dezembro de 2026');
    expect(toMaria.text).toContain(`/tasks/${task.id}`);
  });
});

describe('withdrawing a task', () => {
  test('tells each assignee, and their old notice now says it was withdrawn', async ({
    app,
    db,
    smtp,
    admin,
    creator,
    maria,
    lucas,
  }) => {
    const task = (
      await admin.post('/api/admin/tasks', taskInput([maria.user.id, lucas.user.id]))
    ).json<AdminTask>();
    // Lucas is taken off first, then the task goes.
    await admin.put(`/api/admin/tasks/${task.id}`, taskInput([maria.user.id]));
    expect((await admin.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);

    expect(await noticesOf(db, maria.user.id)).toEqual([
      { title: 'Nova tarefa atribuída', message: 'Beach shoot', relatedId: task.id },
      { title: 'Tarefa retirada', message: 'Beach shoot', relatedId: null },
    ]);
    expect((await noticesOf(db, lucas.user.id)).map((notice) => notice.title)).toEqual([
      'Nueva tarea asignada',
      'Tarea retirada',
    ]);
    await app.deps.outbox.deliverDue();
    expect(
      smtp
        .untaken()
        .filter((mail) => /retirada/.test(mail.subject))
        .map((mail) => [mail.to[0], mail.subject])
        .sort(),
    ).toEqual(
      [
        [maria.user.email, 'Tarefa retirada: Beach shoot'],
        [lucas.user.email, 'Tarea retirada: Beach shoot'],
      ].sort(),
    );

    // The old notice's link: it was theirs, so the answer says it was withdrawn.
    const opened = await maria.get(`/api/tasks/${task.id}`);
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toMatchObject({ code: 'task.withdrawn' });
    const stranger = await creator.get(`/api/tasks/${task.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'task.not_found' });
  });
});

describe("an administrator's status change", () => {
  test('gives submitted only to those with a file, and tells each one whose status changed', async ({
    db,
    admin,
    maria,
    lucas,
  }) => {
    const task = (
      await admin.post('/api/admin/tasks', taskInput([maria.user.id, lucas.user.id]))
    ).json<AdminTask>();
    await createTaskUpload(db, { taskId: task.id, userId: maria.user.id });
    const statusOf = (changed: AdminTask, userId: string) =>
      changed.assignees.find((assignee) => assignee.userId === userId)?.status;

    const submitted = (
      await admin.patch(`/api/admin/tasks/${task.id}/status`, { status: 'submitted' })
    ).json<AdminTask>();
    expect(statusOf(submitted, maria.user.id)).toBe('submitted');
    expect(statusOf(submitted, lucas.user.id)).toBe('new');
    expect(submitted.status).toBe('new');

    const again = await admin.patch(`/api/admin/tasks/${task.id}/status`, { status: 'submitted' });
    expect(again.statusCode).toBe(200);
    const started = (
      await admin.patch(`/api/admin/tasks/${task.id}/status`, { status: 'in_progress' })
    ).json<AdminTask>();
    expect(started.assignees.map((assignee) => assignee.status)).toEqual([
      'in_progress',
      'in_progress',
    ]);

    expect((await noticesOf(db, maria.user.id)).slice(1)).toEqual([
      {
        title: 'Status da tarefa alterado',
        message: 'Beach shoot: agora Entregue',
        relatedId: task.id,
      },
      {
        title: 'Status da tarefa alterado',
        message: 'Beach shoot: agora Em andamento',
        relatedId: task.id,
      },
    ]);
    expect((await noticesOf(db, lucas.user.id)).slice(1)).toEqual([
      {
        title: 'Estado de la tarea cambiado',
        message: 'Beach shoot: ahora En progreso',
        relatedId: task.id,
      },
    ]);
  });
});
