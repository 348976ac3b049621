import type { Db } from '../../src/server/db/database.ts';
import { sendDueReminders } from '../../src/server/modules/tasks/reminders/service.ts';
import { assignTask, createTask, createUser, type TestUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';
import type { SmtpServer } from '../support/smtp.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

const hour = 3_600_000;
const startedAt = new Date('2026-03-02T09:00:00.000Z');

/**
 * Two server processes on one database, as a deployment with two instances runs, with one clock
 * that starts at `startedAt` and one SMTP server. On PostgreSQL each instance has its own pool,
 * as separate processes would. Two SQLite connections cannot take turns inside one Node process
 * (better-sqlite3 waits for a lock without yielding), so there the instances share one
 * connection: the claims still decide.
 */
const test = base.extend('instances', async ({ database, smtp, clock }, { onCleanup }) => {
  clock.set(startedAt);
  const shared = database.dialect === 'sqlite' ? database.open() : undefined;
  const instances: TestApp[] = [];
  onCleanup(async () => {
    for (const instance of instances) await instance.close();
  });
  for (let index = 0; index < 2; index += 1) {
    instances.push(
      await buildTestApp(database, { SMTP_URL: smtp.url }, { clock: clock.now, database: shared }),
    );
  }
  return instances;
});

/**
 * Both processes sweep three times each, all at once; the total sent across them. Their mails
 * are delivered before the test moves the clock on: a clock jumping hours ahead while a mail is
 * being sent would let another process take it as a delivery that never finished.
 */
async function sweepEverywhere(instances: TestApp[]): Promise<number> {
  const rounds = instances.flatMap((instance) =>
    [1, 2, 3].map(() => sendDueReminders(instance.app.deps)),
  );
  const sent = (await Promise.all(rounds)).reduce((sum, count) => sum + count, 0);
  await Promise.all(instances.map((instance) => instance.app.deps.outbox.deliverDue()));
  return sent;
}

async function remindersOf(db: Db, user: TestUser) {
  return db
    .selectFrom('notifications')
    .select(['title', 'message', 'type', 'relatedId'])
    .where('userId', '=', user.id)
    .orderBy('createdAt')
    .execute();
}

/** Every mail the instances sent, once both have shut down (which waits for mail under way). */
async function mailsAfterShutdown(instances: TestApp[], smtp: SmtpServer) {
  for (const instance of instances) await instance.close();
  return smtp.untaken();
}

describe('due-date reminders', () => {
  test('go once each, 48 hours before and within the last day, to unsubmitted creators only, in their language, from two processes sweeping one database', async ({
    instances,
    clock,
    smtp,
  }) => {
    const db = instances[0]!.app.deps.db;
    const dueDate = new Date(startedAt.getTime() + 72 * hour).toISOString();
    const task = await createTask(db, { title: 'Beach campaign', dueDate });
    const ana = await createUser(db, { firstName: 'Ana', preferredLanguage: 'es' });
    const ben = await createUser(db, { firstName: 'Ben' });
    const cai = await createUser(db, { firstName: 'Cai' });
    const dee = await createUser(db, { firstName: 'Dee' });
    const assignedAt = startedAt.toISOString();
    await assignTask(db, { taskId: task.id, userId: ana.id, createdAt: assignedAt });
    await assignTask(db, {
      taskId: task.id,
      userId: ben.id,
      status: 'in_progress',
      createdAt: assignedAt,
    });
    await assignTask(db, {
      taskId: task.id,
      userId: cai.id,
      status: 'submitted',
      createdAt: assignedAt,
    });
    await assignTask(db, {
      taskId: task.id,
      userId: dee.id,
      status: 'completed',
      createdAt: assignedAt,
    });

    // Three days ahead: nothing yet.
    expect(await sweepEverywhere(instances)).toBe(0);

    // 47 hours ahead: the two-day reminder, once per creator still working, however many sweep.
    clock.set(new Date(Date.parse(dueDate) - 47 * hour));
    expect(await sweepEverywhere(instances)).toBe(2);
    expect(await sweepEverywhere(instances)).toBe(0);

    // 23 hours ahead: the last-day reminder, once each.
    clock.set(new Date(Date.parse(dueDate) - 23 * hour));
    expect(await sweepEverywhere(instances)).toBe(2);

    // Past the due date: nothing more.
    clock.set(new Date(Date.parse(dueDate) + hour));
    expect(await sweepEverywhere(instances)).toBe(0);

    expect(await remindersOf(db, ana)).toEqual([
      {
        title: 'Tarea que vence en 2 días',
        message: 'Beach campaign',
        type: 'task',
        relatedId: task.id,
      },
      {
        title: 'Tarea que vence en menos de 24 horas',
        message: 'Beach campaign',
        type: 'task',
        relatedId: task.id,
      },
    ]);
    expect((await remindersOf(db, ben)).map((reminder) => reminder.title)).toEqual([
      'Task due in 2 days',
      'Task due within 24 hours',
    ]);
    expect(await remindersOf(db, cai)).toEqual([]);
    expect(await remindersOf(db, dee)).toEqual([]);

    const mails = await mailsAfterShutdown(instances, smtp);
    expect(mails.map((mail) => `${mail.to.join()}: ${mail.subject}`).sort()).toEqual(
      [
        `${ana.email}: Recordatorio: Beach campaign vence en 2 días`,
        `${ana.email}: Recordatorio: Beach campaign vence en menos de 24 horas`,
        `${ben.email}: Reminder: Beach campaign is due in 2 days`,
        `${ben.email}: Reminder: Beach campaign is due within 24 hours`,
      ].sort(),
    );
    const toBen = mails.find((mail) => mail.to.includes(ben.email))!;
    expect(toBen.text).toContain('Hello Ben,');
    expect(toBen.text).toContain('Thursday, March 5, 2026 at 9:00 AM (UTC)');
    expect(toBen.text).toContain(`http://localhost:3000/tasks/${task.id}`);
  });

  test('skip the two-day reminder for work handed out inside it, and stop once the creator submits', async ({
    instances,
    clock,
    smtp,
  }) => {
    const db = instances[0]!.app.deps.db;
    const soonDue = new Date(startedAt.getTime() + 30 * hour).toISOString();
    const rushed = await createTask(db, { title: 'Rushed shoot', dueDate: soonDue });
    const eva = await createUser(db);
    await assignTask(db, {
      taskId: rushed.id,
      userId: eva.id,
      createdAt: startedAt.toISOString(),
    });

    const laterDue = new Date(startedAt.getTime() + 60 * hour).toISOString();
    const planned = await createTask(db, { title: 'Planned shoot', dueDate: laterDue });
    const fay = await createUser(db);
    const assignment = await assignTask(db, {
      taskId: planned.id,
      userId: fay.id,
      createdAt: startedAt.toISOString(),
    });

    // Assigned 30 hours before it is due: no two-day reminder, even while its window runs.
    clock.set(new Date(startedAt.getTime() + 2 * hour));
    expect(await sweepEverywhere(instances)).toBe(0);

    // Eva's last day begins: her one reminder.
    clock.set(new Date(Date.parse(soonDue) - 23 * hour));
    expect(await sweepEverywhere(instances)).toBe(1);

    // Fay's two-day reminder; then she submits before her last day begins.
    clock.set(new Date(Date.parse(laterDue) - 47 * hour));
    expect(await sweepEverywhere(instances)).toBe(1);
    await db
      .updateTable('taskAssignments')
      .set({ status: 'submitted', submittedAt: clock.now().toISOString() })
      .where('id', '=', assignment.id)
      .execute();
    clock.set(new Date(Date.parse(laterDue) - 23 * hour));
    expect(await sweepEverywhere(instances)).toBe(0);

    expect((await remindersOf(db, eva)).map((reminder) => reminder.title)).toEqual([
      'Task due within 24 hours',
    ]);
    expect((await remindersOf(db, fay)).map((reminder) => reminder.title)).toEqual([
      'Task due in 2 days',
    ]);
    expect((await mailsAfterShutdown(instances, smtp)).length).toBe(2);
  });

  test('pass over work handed out inside a window once, so it never keeps others from their reminder', async ({
    instances,
  }) => {
    const db = instances[0]!.app.deps.db;
    // 500 tasks (one sweep's batch) handed out 25 hours before they fall due: none is owed the
    // two-day reminder, and they come first in due order.
    const busy = await createUser(db);
    for (let index = 0; index < 500; index += 1) {
      const task = await createTask(db, {
        dueDate: new Date(startedAt.getTime() + 25 * hour + index * 1000).toISOString(),
      });
      await assignTask(db, {
        taskId: task.id,
        userId: busy.id,
        createdAt: startedAt.toISOString(),
      });
    }
    const owed = await createUser(db);
    const planned = await createTask(db, {
      title: 'Planned shoot',
      dueDate: new Date(startedAt.getTime() + 47 * hour).toISOString(),
    });
    await assignTask(db, {
      taskId: planned.id,
      userId: owed.id,
      createdAt: new Date(startedAt.getTime() - 2 * hour).toISOString(),
    });

    expect((await sweepEverywhere(instances)) + (await sweepEverywhere(instances))).toBe(1);
    expect((await remindersOf(db, owed)).map((reminder) => reminder.title)).toEqual([
      'Task due in 2 days',
    ]);
    expect(await remindersOf(db, busy)).toEqual([]);
    // A thousand rows written one by one before the sweep: on a busy PostgreSQL that alone can
    // pass the default 20 s.
  }, 60_000);

  test('remind again of a moved due date, and not of an edit that keeps it', async ({
    instances,
    clock,
  }) => {
    const db = instances[0]!.app.deps.db;
    const admin = await createUser(db, { isAdmin: true });
    const gil = await createUser(db, { firstName: 'Gil' });
    const dueDate = new Date(startedAt.getTime() + 40 * hour).toISOString();
    const task = await createTask(db, { title: 'Studio day', dueDate });
    await assignTask(db, {
      taskId: task.id,
      userId: gil.id,
      createdAt: new Date(startedAt.getTime() - 24 * hour).toISOString(),
    });
    expect(await sweepEverywhere(instances)).toBe(1);

    // An hour later: each notification below has its own time, so they read in order.
    clock.set(new Date(startedAt.getTime() + hour));
    const asAdmin = await signedInClient(instances[0]!.app, admin);
    const edit = (fields: { title: string; dueDate: string }) =>
      asAdmin.put(`/api/admin/tasks/${task.id}`, {
        ...fields,
        description: task.description,
        contentType: task.contentType,
        maxFiles: task.maxFiles,
        assignedUsers: [gil.id],
      });
    // A new title, the same date: the reminder already sent still holds.
    expect((await edit({ title: 'Studio day (rooftop)', dueDate })).statusCode).toBe(200);
    expect(await sweepEverywhere(instances)).toBe(0);

    // Put off by three days, then the new date's own two-day reminder comes.
    const movedTo = new Date(Date.parse(dueDate) + 72 * hour).toISOString();
    expect((await edit({ title: 'Studio day (rooftop)', dueDate: movedTo })).statusCode).toBe(200);
    expect(await sweepEverywhere(instances)).toBe(0);
    clock.set(new Date(Date.parse(movedTo) - 47 * hour));
    expect(await sweepEverywhere(instances)).toBe(1);
    expect(
      (await remindersOf(db, gil)).map((reminder) => `${reminder.title}: ${reminder.message}`),
    ).toEqual([
      'Task due in 2 days: Studio day',
      // The move itself is told at once, with the new date.
      expect.stringMatching(/^Due date changed: Studio day \(rooftop\): now due /),
      'Task due in 2 days: Studio day (rooftop)',
    ]);
  });
});
