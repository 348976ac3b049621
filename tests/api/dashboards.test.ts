import {
  assignTask,
  createApplication,
  createCompensation,
  createTask,
  createUser,
} from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { createSignedInUser, loginClient, signedInClient } from '../support/sign-in.ts';

describe('GET /api/admin/dashboard', () => {
  test('counts what the database holds, and reports the database and backups truthfully', async ({
    db,
    admin,
  }) => {
    const fresh = await admin.get('/api/admin/dashboard');
    expect(fresh.statusCode).toBe(200);
    // The configured administrator of the installation plus the one asking.
    expect(fresh.json()).toEqual({
      previousSignInAt: null,
      users: { total: 2, admins: 2, regular: 0 },
      applications: { total: 0, pending: 0 },
      tasks: { total: 0, awaitingReview: 0 },
      system: {
        database: 'connected',
        lastBackupAt: null,
        backup: { everyHours: 24, last: null, failure: null, running: null },
        mail: { failed: 0, lastFailure: null },
      },
    });

    await createUser(db);
    await createUser(db);
    await createUser(db, { isAdmin: true });
    const task = await createTask(db);
    // Two creators on it: one has submitted and waits for review, the other is still at work.
    const [submitter, worker] = await Promise.all([createUser(db), createUser(db)]);
    await assignTask(db, {
      taskId: task.id,
      userId: submitter.id,
      status: 'submitted',
      submittedAt: new Date().toISOString(),
    });
    await assignTask(db, {
      taskId: task.id,
      userId: worker.id,
      status: 'in_progress',
    });
    await createApplication(db);
    await createApplication(db);
    await createApplication(db, { status: 'approved' });
    const later = await admin.get('/api/admin/dashboard');
    expect(later.json()).toMatchObject({
      users: { total: 7, admins: 3, regular: 4 },
      applications: { total: 3, pending: 2 },
      tasks: { total: 1, awaitingReview: 1 },
    });
  });

  test('is for administrators only', async ({ app, creator }) => {
    expect((await creator.get('/api/admin/dashboard')).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/dashboard', () => {
  test('shows a new creator an honest start', async ({ app }) => {
    const creator = await createSignedInUser(app, { firstName: null, lastName: null });
    const response = await creator.get('/api/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      previousSignInAt: null,
      profile: { completeness: 50, missing: ['firstName', 'lastName'], checkedAt: null },
      tasks: { open: 0, completed: 0 },
      totalEarnings: '0.00',
    });
  });

  test('counts the creator’s own tasks and published earnings only', async ({ db, creator }) => {
    const other = await createUser(db);
    for (const status of ['new', 'in_progress', 'submitted', 'completed', 'completed'] as const) {
      // Their own progress counts (decision 0021), whatever the task's overall status.
      const task = await createTask(db);
      await assignTask(db, { taskId: task.id, userId: creator.user.id, status });
    }
    const othersTask = await createTask(db);
    await assignTask(db, { taskId: othersTask.id, userId: other.id });
    const published = { status: 'published' as const, publishedAt: new Date().toISOString() };
    await createCompensation(db, creator.user.id, {
      ...published,
      month: 1,
      amountCents: 125_050,
    });
    await createCompensation(db, creator.user.id, {
      ...published,
      month: 2,
      amountCents: 99,
    });
    await createCompensation(db, creator.user.id, { month: 3, amountCents: 500_000 });
    await createCompensation(db, other.id, { ...published, amountCents: 700_000 });

    const response = await creator.get('/api/dashboard');
    expect(response.json()).toEqual({
      previousSignInAt: null,
      profile: { completeness: 100, missing: [], checkedAt: null },
      tasks: { open: 3, completed: 2 },
      totalEarnings: '1251.49',
    });
  });

  // Nothing on a first visit speaks as if the person had been here before.
  test("tells a creator's first visit from their return, and a profile they checked from one filled in for them", async ({
    app,
    db,
    clock,
  }) => {
    clock.set('2026-03-02T09:00:00.000Z');
    const creator = await createUser(db, { username: 'new_creator' });
    const dashboardAfterSignIn = async () =>
      (await loginClient(app, { username: 'new_creator', password: creator.password })).get(
        '/api/dashboard',
      );

    const firstVisit = await dashboardAfterSignIn();
    expect(firstVisit.json()).toMatchObject({
      previousSignInAt: null,
      profile: { completeness: 100, missing: [], checkedAt: null },
    });

    // Saving the profile in Settings, unchanged, is checking it.
    clock.set('2026-03-02T09:05:00.000Z');
    const asCreator = await signedInClient(app, creator);
    expect((await asCreator.put('/api/user/profile', { username: 'new_creator' })).statusCode).toBe(
      200,
    );

    clock.set('2026-03-05T18:00:00.000Z');
    const returning = await dashboardAfterSignIn();
    expect(returning.json()).toMatchObject({
      previousSignInAt: '2026-03-02T09:00:00.000Z',
      profile: { checkedAt: '2026-03-02T09:05:00.000Z' },
    });

    // An administrator's banner reads the same record.
    const boss = await createUser(db, { username: 'new_boss', isAdmin: true });
    const bossSignIn = async () =>
      (await loginClient(app, { username: 'new_boss', password: boss.password })).get(
        '/api/admin/dashboard',
      );
    expect((await bossSignIn()).json()).toMatchObject({ previousSignInAt: null });
    clock.set('2026-03-06T08:00:00.000Z');
    expect((await bossSignIn()).json()).toMatchObject({
      previousSignInAt: '2026-03-05T18:00:00.000Z',
    });
  });

  test('is for creators only: 403 for administrators, 401 for nobody', async ({ app, admin }) => {
    const response = await admin.get('/api/dashboard');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'auth.creators_only',
      message: 'This is only for creators; administrators have their own screens.',
    });
    const anonymous = await app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
