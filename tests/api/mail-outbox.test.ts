import net from 'node:net';
import type { ApplicationReviewResponse } from '../../src/domain/applications.ts';
import type { AdminDashboard } from '../../src/domain/dashboards.ts';
import type { Db } from '../../src/server/db/database.ts';
import { withTransaction } from '../../src/server/deps.ts';
import { composeMail } from '../../src/server/mail/layout.ts';
import { mailAttempts, nextAttemptAfter } from '../../src/server/mail/outbox.ts';
import { applicationFields, submitApplication } from '../support/applications.ts';
import { createCompensation, createUser, type TestUser } from '../support/factories.ts';
import { test as base, describe, expect, testClock } from '../support/fixtures.ts';
import { startServerProcess } from '../support/server-process.ts';
import { signedInClient, signIn, type SignedInClient } from '../support/sign-in.ts';
import { freePort, startSmtpServer, type SmtpServer } from '../support/smtp.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The mail outbox (decision 0038): a mail is written with the act that causes it and delivered
 * from the table, once, whatever happens to the mail server or to the process in between. The
 * act here is publishing a creator's pay, whose mail is "Your pay for January 2026 is published".
 */
const startedAt = new Date('2026-03-02T09:00:00.000Z');
const subject = 'Your pay for January 2026 is published';

const test = base
  .extend('paid', ({ db }) => createUser(db, { firstName: 'Paula', preferredLanguage: 'en' }))
  /** A local port where the mail server is down, until a test starts one there. */
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from it
  .extend('smtpPort', ({}) => freePort())
  /** Starts the mail server on `smtpPort`: it comes back. Closed with the test. */
  .extend('smtpBack', ({ smtpPort }, { onCleanup }) => {
    let started: SmtpServer | undefined;
    onCleanup(() => started?.close());
    return async () => (started = await startSmtpServer({ port: smtpPort }));
  });
test.override('clock', () => testClock(startedAt));

const outboxOf = (db: Db, recipient: string) =>
  db.selectFrom('mailOutbox').selectAll().where('recipient', '=', recipient).execute();

async function publishPay(admin: SignedInClient, db: Db, creator: TestUser) {
  const entry = await createCompensation(db, creator.id);
  const response = await admin.post(`/api/admin/compensations/${entry.id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return entry;
}

describe('the mail of an act', () => {
  test.override('appEnv', ({ smtp }) => ({ SMTP_URL: smtp.url }));

  test('is written with the act and delivered from the outbox, once, its body then cleared', async ({
    app,
    db,
    admin,
    paid,
    smtp,
  }) => {
    const entry = await publishPay(admin, db, paid);
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ to: [paid.email], subject });
    expect(mail.text).toContain('Hello Paula,');

    // Publishing again is a repeat (decision 0041) and queues nothing more.
    expect((await admin.post(`/api/admin/compensations/${entry.id}/publish`)).statusCode).toBe(200);
    // A round that starts now ends once everything due has been tried.
    await app.deps.outbox.deliverDue();
    expect(smtp.untaken()).toEqual([]);
    const [row, ...others] = await outboxOf(db, paid.email);
    expect(others).toEqual([]);
    // Sent: the link a mail may carry is not kept beyond its delivery.
    expect(row).toMatchObject({
      subject,
      attempts: 1,
      sentAt: startedAt.toISOString(),
      failedAt: null,
      text: '',
      html: '',
    });
  });

  test('is gone with a change that rolls back, and nothing is delivered', async ({
    app,
    db,
    smtp,
  }) => {
    const message = composeMail({
      to: 'never@example.com',
      language: 'en',
      subject: 'Never sent',
      blocks: ['This change rolls back.'],
    });
    await expect(
      withTransaction(app.deps, async (deps) => {
        await deps.outbox.queue(deps, message);
        expect(await outboxOf(deps.db, 'never@example.com')).toHaveLength(1);
        throw new Error('the act fails after its mail was queued');
      }),
    ).rejects.toThrow('the act fails');

    expect(await outboxOf(db, 'never@example.com')).toEqual([]);
    await app.deps.outbox.deliverDue();
    expect(smtp.untaken()).toEqual([]);
  });
});

describe('a mail server that is down', () => {
  test.override('appEnv', ({ smtpPort }) => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));

  test('gets the mail once it is back, at the next attempt', async ({
    app,
    db,
    admin,
    paid,
    clock,
    smtpBack,
  }) => {
    await publishPay(admin, db, paid);
    // The first attempt, right after the publication, is refused.
    await expect.poll(async () => (await outboxOf(db, paid.email))[0]?.attempts).toBe(1);
    const [failed] = await outboxOf(db, paid.email);
    expect(failed).toMatchObject({
      sentAt: null,
      failedAt: null,
      nextAttemptAt: nextAttemptAfter(1, startedAt).toISOString(),
      claimedUntil: null,
    });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await smtpBack();
    // Not due yet: nothing is tried before its time.
    await app.deps.outbox.deliverDue();
    expect((await outboxOf(db, paid.email))[0]?.attempts).toBe(1);

    clock.advance(60_000);
    await app.deps.outbox.deliverDue();
    expect(await smtp.nextMail()).toMatchObject({ to: [paid.email], subject });
    await app.deps.outbox.deliverDue();
    expect(smtp.untaken()).toEqual([]);
    expect((await outboxOf(db, paid.email))[0]).toMatchObject({
      attempts: 2,
      sentAt: new Date(startedAt.getTime() + 60_000).toISOString(),
      lastError: null,
    });
  });

  test(`gives up after ${mailAttempts} attempts, logs it as an error and shows it on the administrators' dashboard`, async ({
    createApp,
    clock,
    smtpPort,
  }) => {
    const lines: string[] = [];
    const { app } = await createApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' },
      { clock: clock.now, logStream: { write: (line) => lines.push(line) } },
    );
    const { db } = app.deps;
    const admin = await createUser(db, { isAdmin: true });
    const adminClient = await signedInClient(app, admin);
    const paid = await createUser(db, { firstName: 'Paula' });
    await publishPay(adminClient, db, paid);
    await expect.poll(async () => (await outboxOf(db, paid.email))[0]?.attempts).toBe(1);

    for (let attempts = 1; attempts < mailAttempts; attempts += 1) {
      clock.set(nextAttemptAfter(attempts, clock.now()));
      await app.deps.outbox.deliverDue();
      expect((await outboxOf(db, paid.email))[0]?.attempts).toBe(attempts + 1);
    }
    const givenUpAt = clock.now().toISOString();
    const [row] = await outboxOf(db, paid.email);
    expect(row).toMatchObject({ attempts: mailAttempts, sentAt: null, failedAt: givenUpAt });
    // About 5 h 41 min from the first attempt to the last.
    expect(Date.parse(givenUpAt) - startedAt.getTime()).toBe((1 + 4 + 16 + 64 + 256) * 60_000);

    // Given up means given up: a day later, nothing is tried.
    clock.advance(24 * 3_600_000);
    await app.deps.outbox.deliverDue();
    expect((await outboxOf(db, paid.email))[0]?.attempts).toBe(mailAttempts);

    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; to?: string })
      .filter((entry) => entry.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({
        to: paid.email,
        msg: `Mail not delivered after ${mailAttempts} attempts; given up`,
      }),
    ]);

    const dashboard = await adminClient.get('/api/admin/dashboard');
    expect(dashboard.json<AdminDashboard>().system.mail).toEqual({
      failed: 1,
      lastFailure: {
        recipient: paid.email,
        subject,
        error: expect.stringMatching(/ECONNREFUSED/),
        failedAt: givenUpAt,
      },
    });
  });

  test('an approval still says at once that the invitation failed, and the outbox delivers it later', async ({
    app,
    db,
    admin,
    clock,
    smtpBack,
  }) => {
    const submitted = await submitApplication(app, {
      fields: applicationFields({ email: 'later@example.com' }),
    });
    const approved = await admin.put(
      `/api/admin/applications-v2/${submitted.json<{ id: string }>().id}/status`,
      { status: 'approved' },
    );
    expect(approved.statusCode).toBe(200);
    const answer = approved.json<ApplicationReviewResponse>();
    expect(answer.invitationDelivery).toBe('failed');
    expect((await outboxOf(db, 'later@example.com'))[0]).toMatchObject({ attempts: 1 });

    const smtp = await smtpBack();
    clock.advance(60_000);
    await app.deps.outbox.deliverDue();
    const invitation = await smtp.nextMail();
    expect(invitation.to).toEqual(['later@example.com']);
    // The same link the administrator was handed: whichever arrives first works.
    expect(invitation.text).toContain(answer.invitationUrl);
  });
});

/**
 * Two server processes on one database, as a deployment with two instances runs, with one clock
 * and one SMTP server. On PostgreSQL each has its own pool, as separate processes would; on
 * SQLite they share one connection (see tests/api/task-reminders.test.ts): the claims decide.
 */
const twoInstances = test.extend('instances', async ({ database, smtp, clock }, { onCleanup }) => {
  const shared = database.dialect === 'sqlite' ? database.open() : undefined;
  const instances: TestApp[] = [];
  onCleanup(async () => {
    for (const instance of instances) await instance.close();
    await shared?.db.destroy();
  });
  for (let index = 0; index < 2; index += 1) {
    instances.push(
      await buildTestApp(database, { SMTP_URL: smtp.url }, { clock: clock.now, database: shared }),
    );
  }
  return instances;
});

describe('two processes on one database', () => {
  twoInstances('deliver each mail exactly once', async ({ instances, smtp }) => {
    const [first, second] = instances.map((instance) => instance.app);
    if (!first || !second) throw new Error('two instances expected');
    const { db } = first.deps;
    const admin = await createUser(db, { isAdmin: true });
    const clients = [await signedInClient(first, admin), await signedInClient(second, admin)];
    const creators = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createUser(db, { firstName: `Creator ${index}` })),
    );

    // Each publication's mail is delivered by the process that took it, right after its commit,
    // while both processes also run their rounds over the same outbox.
    await Promise.all([
      ...creators.map((creator, index) => publishPay(clients[index % 2]!, db, creator)),
      ...[first, second].flatMap((app) => [1, 2, 3].map(() => app.deps.outbox.deliverDue())),
    ]);
    await Promise.all([first, second].map((app) => app.deps.outbox.deliverDue()));
    for (const instance of instances) await instance.close();

    const received = smtp.untaken().flatMap((mail) => mail.to);
    expect(received.sort()).toEqual(creators.map((creator) => creator.email).sort());
  });
});

/** A mail server that takes connections and never answers: a mail sent to it is under way for good. */
async function silentMailServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a process killed right after acknowledging', () => {
  // Starting the server from source in a process of its own takes seconds on a busy machine.
  test(
    'leaves the mail in the outbox, and the next process delivers it',
    { timeout: 60_000 },
    async ({ database, smtp, clock }) => {
      const handle = database.open();
      const silent = await silentMailServer();
      const server = startServerProcess({
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        SMTP_URL: silent.url,
      });
      let restarted: TestApp | undefined;
      try {
        const admin = await createUser(handle.db, { isAdmin: true });
        const paid = await createUser(handle.db, { firstName: 'Paula' });
        const entry = await createCompensation(handle.db, paid.id);
        const { cookie } = await signIn(handle.db, admin);
        const port = await server.listening;

        const published = await fetch(
          `http://127.0.0.1:${port}/api/admin/compensations/${entry.id}/publish`,
          { method: 'POST', headers: { cookie } },
        );
        expect(published.status).toBe(200);
        server.child.kill('SIGKILL');
        await server.exited;

        // Acknowledged, so written: the mail waits, its delivery cut short with the process.
        expect(await outboxOf(handle.db, paid.email)).toEqual([
          expect.objectContaining({ subject, sentAt: null, failedAt: null }),
        ]);
        await handle.db.destroy();

        // The next process, once the killed one's claim has run out, delivers it.
        clock.set(new Date(Date.now() + 5 * 60_000 + 1000));
        restarted = await buildTestApp(database, { SMTP_URL: smtp.url }, { clock: clock.now });
        expect(await smtp.nextMail()).toMatchObject({ to: [paid.email], subject });
        await restarted.close();
        restarted = undefined;
        expect(smtp.untaken()).toEqual([]);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await restarted?.close();
        await silent.close();
        await handle.db.destroy().catch(() => {});
      }
    },
  );
});
