import type { LightMyRequestResponse } from 'fastify';
import type { Application } from '../../src/domain/applications.ts';
import type { Compensation } from '../../src/domain/compensation.ts';
import type { AdminTask, AdminTaskDetail, MyTaskDetail } from '../../src/domain/tasks.ts';
import type { Db } from '../../src/server/db/database.ts';
import {
  assignTask,
  createApplication,
  createCompensation,
  createNotification,
  createTask,
  createTaskUpload,
} from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/sign-in.ts';

/**
 * A repeat (a double tap, a retried request, two administrators at once) asks for the state a
 * record is already in: it is answered with that state, and nothing happens a second time: no
 * second mail, notification or history row (decision 0041). Each case runs its repeat twice
 * over: two requests at once, and one after the other.
 */
const test = base
  .extend('maria', ({ app }) => createSignedInUser(app, { firstName: 'Maria' }))
  .extend('reviewer', ({ app }) =>
    createSignedInUser(app, { isAdmin: true, firstName: 'Rita', lastName: 'Reviewer' }),
  )
  /** A task of Maria's, in progress with one file of hers. */
  .extend('taskInProgress', async ({ db, maria }) => {
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: maria.user.id, status: 'in_progress' });
    await createTaskUpload(db, { taskId: task.id, userId: maria.user.id });
    return task;
  });
test.override('appEnv', ({ smtp }) => ({ SMTP_URL: smtp.url }));

const ways = ['at once', 'one after the other'] as const;
type Way = (typeof ways)[number];

/** The same request sent three times, all at once or each after the previous one's answer. */
async function repeated(
  way: Way,
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  if (way === 'at once') return Promise.all([send(), send(), send()]);
  const answers = [];
  for (let n = 0; n < 3; n++) answers.push(await send());
  return answers;
}

const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);

const notificationsOf = (db: Db, userId: string) =>
  db
    .selectFrom('notifications')
    .select(['title', 'relatedId'])
    .where('userId', '=', userId)
    .execute();

describe('approving an application again', () => {
  test.for(ways)(
    'answers approved %s, with one account, one invitation, one note and one notification',
    async (way, { app, db, smtp, reviewer }) => {
      const { id, email } = await createApplication(db);
      const answers = await repeated(way, () =>
        reviewer.put(`/api/admin/applications-v2/${id}/status`, {
          status: 'approved',
          adminNotes: 'Welcome aboard.',
        }),
      );

      expect(statusesOf(answers)).toEqual([200, 200, 200]);
      for (const answer of answers) {
        expect(answer.json<Application>()).toMatchObject({ id, status: 'approved' });
      }
      // Only the approval that made the account tells where its invitation went.
      const told = answers.filter((answer) => 'invitationDelivery' in answer.json<object>());
      expect(told.map((answer) => answer.json<object>())).toEqual([
        expect.objectContaining({ invitationDelivery: 'sent' }),
      ]);

      const accounts = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(accounts).toHaveLength(1);
      expect(await notificationsOf(db, accounts[0]!.id)).toHaveLength(1);
      const notes = await db
        .selectFrom('applicationNotes')
        .select('note')
        .where('applicationId', '=', id)
        .execute();
      expect(notes).toEqual([{ note: 'Welcome aboard.' }]);
      await app.deps.outbox.deliverDue();
      expect(smtp.untaken().map((mail) => mail.to)).toEqual([[email]]);
    },
  );

  test('still refuses a different change of an approved application', async ({ db, reviewer }) => {
    const { id } = await createApplication(db);
    const url = `/api/admin/applications-v2/${id}/status`;
    expect((await reviewer.put(url, { status: 'approved' })).statusCode).toBe(200);
    for (const change of [
      { status: 'rejected' },
      { status: 'under_review' },
      { status: 'approved', adminNotes: 'A note the approval did not have' },
    ]) {
      const refused = await reviewer.put(url, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'application.locked' });
    }
  });

  test('rejects once: one mail and one note, while a new note is still added', async ({
    app,
    db,
    smtp,
    reviewer,
  }) => {
    const { id, email } = await createApplication(db);
    const url = `/api/admin/applications-v2/${id}/status`;
    const answers = await repeated('at once', () =>
      reviewer.put(url, { status: 'rejected', adminNotes: 'Not a fit for now.' }),
    );
    expect(statusesOf(answers)).toEqual([200, 200, 200]);
    const again = await reviewer.put(url, {
      status: 'rejected',
      adminNotes: 'Asked again in May.',
    });
    expect(again.json<Application>().notes.map((note) => note.note)).toEqual([
      'Not a fit for now.',
      'Asked again in May.',
    ]);
    await app.deps.outbox.deliverDue();
    expect(smtp.untaken().map((mail) => mail.to)).toEqual([[email]]);
  });
});

describe('moving one’s own task again', () => {
  test.for(ways)(
    'submits for review once %s: one notice to each administrator, the first submission time kept',
    async (way, { db, maria, reviewer, taskInProgress: task }) => {
      const answers = await repeated(way, () =>
        maria.patch(`/api/tasks/${task.id}/status`, { status: 'submitted' }),
      );
      expect(statusesOf(answers)).toEqual([200, 200, 200]);
      const details = answers.map((answer) => answer.json<MyTaskDetail>());
      expect(new Set(details.map((detail) => detail.status))).toEqual(new Set(['submitted']));
      expect(new Set(details.map((detail) => detail.submittedAt)).size).toBe(1);
      expect(await notificationsOf(db, reviewer.user.id)).toEqual([
        { title: 'Task submitted for review', relatedId: task.id },
      ]);
    },
  );

  test('marks in progress again without a refusal, but will not go back', async ({ db, maria }) => {
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: maria.user.id });
    const url = `/api/tasks/${task.id}/status`;
    const answers = await repeated('one after the other', () =>
      maria.patch(url, { status: 'in_progress' }),
    );
    expect(statusesOf(answers)).toEqual([200, 200, 200]);
    const back = await maria.patch(url, { status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'task.move_not_allowed' });
  });
});

describe('reviewing a submission again', () => {
  test.for(ways)(
    'approves once %s: one review, one notification, one mail',
    async (way, { app, db, smtp, maria, reviewer, taskInProgress: task }) => {
      await maria.patch(`/api/tasks/${task.id}/status`, { status: 'submitted' });
      const answers = await repeated(way, () =>
        reviewer.post(`/api/admin/tasks/${task.id}/assignees/${maria.user.id}/review`, {
          decision: 'approved',
          feedback: 'Lovely light.',
        }),
      );
      expect(statusesOf(answers)).toEqual([200, 200, 200]);
      for (const answer of answers) {
        const [assignee] = answer.json<AdminTaskDetail>().assignees;
        expect(assignee).toMatchObject({
          status: 'completed',
          reviews: [{ decision: 'approved' }],
        });
      }
      expect(await notificationsOf(db, maria.user.id)).toEqual([
        { title: 'Task approved', relatedId: task.id },
      ]);
      await app.deps.outbox.deliverDue();
      expect(smtp.untaken().map((mail) => mail.subject)).toEqual([`Approved: ${task.title}`]);
    },
  );

  test('asks for changes once, and refuses another decision on the same round', async ({
    app,
    db,
    smtp,
    maria,
    reviewer,
    taskInProgress: task,
  }) => {
    await maria.patch(`/api/tasks/${task.id}/status`, { status: 'submitted' });
    const url = `/api/admin/tasks/${task.id}/assignees/${maria.user.id}/review`;
    const changes = { decision: 'changes_requested', feedback: 'More light, please.' };
    const answers = await repeated('at once', () => reviewer.post(url, changes));
    expect(statusesOf(answers)).toEqual([200, 200, 200]);

    for (const other of [
      { decision: 'approved' },
      { decision: 'changes_requested', feedback: 'Other words.' },
    ]) {
      const refused = await reviewer.post(url, other);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'task.review_not_submitted' });
    }
    const reviews = await db
      .selectFrom('taskReviews')
      .select('decision')
      .where('taskId', '=', task.id)
      .execute();
    expect(reviews).toEqual([{ decision: 'changes_requested' }]);
    await app.deps.outbox.deliverDue();
    expect(smtp.untaken()).toHaveLength(1);
  });
});

describe('setting a task’s status again', () => {
  test('keeps the times of the assignees already in that status', async ({
    db,
    maria,
    reviewer,
    clock,
  }) => {
    const task = await createTask(db);
    await assignTask(db, { taskId: task.id, userId: maria.user.id });
    await createTaskUpload(db, { taskId: task.id, userId: maria.user.id });
    const url = `/api/admin/tasks/${task.id}/status`;
    const first = await reviewer.patch(url, { status: 'completed' });
    clock.advance(60_000);
    const answers = await repeated('at once', () => reviewer.patch(url, { status: 'completed' }));
    expect(statusesOf(answers)).toEqual([200, 200, 200]);
    const completedAt = first.json<AdminTask>().assignees[0]?.completedAt;
    expect(completedAt).not.toBeNull();
    for (const answer of answers) {
      expect(answer.json<AdminTask>()).toMatchObject({
        status: 'completed',
        updatedAt: first.json<AdminTask>().updatedAt,
        assignees: [{ completedAt }],
      });
    }
  });
});

describe('publishing compensation again', () => {
  test.for(ways)(
    'publishes once %s: one notification, one mail, one record of publishing',
    async (way, { app, db, smtp, maria, reviewer }) => {
      const entry = await createCompensation(db, maria.user.id, { month: 3, year: 2025 });
      const answers = await repeated(way, () =>
        reviewer.post(`/api/admin/compensations/${entry.id}/publish`),
      );
      expect(statusesOf(answers)).toEqual([200, 200, 200]);
      const published = answers.map((answer) => answer.json<Compensation>());
      expect(new Set(published.map((item) => item.status))).toEqual(new Set(['published']));
      expect(new Set(published.map((item) => item.publishedAt)).size).toBe(1);

      expect(await notificationsOf(db, maria.user.id)).toEqual([
        { title: 'Compensation published', relatedId: entry.id },
      ]);
      const changes = await db
        .selectFrom('auditEntries')
        .select('kind')
        .where('subjectId', '=', entry.id)
        .execute();
      expect(changes).toEqual([{ kind: 'compensation.published' }]);
      await app.deps.outbox.deliverDue();
      expect(smtp.untaken().map((mail) => mail.to)).toEqual([[maria.user.email]]);
    },
  );
});

describe('marking all notifications read again', () => {
  test.for(ways)('answers 204 %s, every notification read', async (way, { db, maria }) => {
    await createNotification(db, maria.user.id);
    await createNotification(db, maria.user.id);
    const answers = await repeated(way, () => maria.post('/api/notifications/read-all'));
    expect(statusesOf(answers)).toEqual([204, 204, 204]);
    expect((await maria.get('/api/notifications')).json()).toMatchObject({ unreadCount: 0 });
  });
});

describe('deleting again', () => {
  test.for(ways)(
    'answers 204 %s for a user, a task, an application and one’s own file',
    async (way, { app, db, maria, reviewer, taskInProgress: task }) => {
      const creator = await createSignedInUser(app);
      const otherTask = await createTask(db);
      const application = await createApplication(db);
      const [upload] = (await maria.get(`/api/tasks/${task.id}`)).json<MyTaskDetail>().uploads;

      for (const [client, url] of [
        [reviewer, `/api/admin/users/${creator.user.id}`],
        [reviewer, `/api/admin/tasks/${otherTask.id}`],
        [reviewer, `/api/admin/applications-v2/${application.id}`],
        [maria, `/api/tasks/${task.id}/uploads/${upload!.id}`],
      ] as const) {
        const answers = await repeated(way, () => client.delete(url));
        expect(statusesOf(answers), url).toEqual([204, 204, 204]);
      }
      expect((await maria.get(`/api/tasks/${task.id}`)).json<MyTaskDetail>().uploads).toEqual([]);
      expect((await reviewer.get(`/api/admin/users/${creator.user.id}`)).statusCode).toBe(404);
    },
  );
});
