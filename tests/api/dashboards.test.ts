import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignTask,
  createApplication,
  createCompensation,
  createTask,
  createUser,
  type TestUser,
} from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createUser(testApp.app.deps.db, { isAdmin: true });
});
afterAll(() => testApp.close());

const get = async (url: string, user: TestUser) =>
  (await signedInClient(testApp.app, user)).get(url);

describe('GET /api/admin/dashboard', () => {
  it('counts what the database holds, and reports the database and backups truthfully', async () => {
    const fresh = await get('/api/admin/dashboard', admin);
    expect(fresh.statusCode).toBe(200);
    // The configured administrator of the installation plus this file's administrator.
    expect(fresh.json()).toEqual({
      previousSignInAt: null,
      users: { total: 2, admins: 2, regular: 0 },
      applications: { total: 0, pending: 0 },
      tasks: { total: 0, awaitingReview: 0 },
      system: { database: 'connected', lastBackupAt: null },
    });

    await createUser(testApp.app.deps.db);
    await createUser(testApp.app.deps.db);
    await createUser(testApp.app.deps.db, { isAdmin: true });
    const task = await createTask(testApp.app.deps.db);
    // Two creators on it: one has submitted and waits for review, the other is still at work.
    const [submitter, worker] = await Promise.all([
      createUser(testApp.app.deps.db),
      createUser(testApp.app.deps.db),
    ]);
    await assignTask(testApp.app.deps.db, {
      taskId: task.id,
      userId: submitter.id,
      status: 'submitted',
      submittedAt: new Date().toISOString(),
    });
    await assignTask(testApp.app.deps.db, {
      taskId: task.id,
      userId: worker.id,
      status: 'in_progress',
    });
    await createApplication(testApp.app.deps.db);
    await createApplication(testApp.app.deps.db);
    await createApplication(testApp.app.deps.db, { status: 'approved' });
    const later = await get('/api/admin/dashboard', admin);
    expect(later.json()).toMatchObject({
      users: { total: 7, admins: 3, regular: 4 },
      applications: { total: 3, pending: 2 },
      tasks: { total: 1, awaitingReview: 1 },
    });
  });

  it('is for administrators only', async () => {
    const creator = await createUser(testApp.app.deps.db);
    expect((await get('/api/admin/dashboard', creator)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/dashboard', () => {
  it('shows a new creator an honest start', async () => {
    const creator = await createUser(testApp.app.deps.db, { firstName: null, lastName: null });
    const response = await get('/api/dashboard', creator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      previousSignInAt: null,
      profile: { completeness: 50, missing: ['firstName', 'lastName'], checkedAt: null },
      tasks: { open: 0, completed: 0 },
      totalEarnings: '0.00',
    });
  });

  it('counts the creator’s own tasks and published earnings only', async () => {
    const creator = await createUser(testApp.app.deps.db);
    const other = await createUser(testApp.app.deps.db);
    for (const status of ['new', 'in_progress', 'submitted', 'completed', 'completed'] as const) {
      // Their own progress counts (decision 0021), whatever the task's overall status.
      const task = await createTask(testApp.app.deps.db);
      await assignTask(testApp.app.deps.db, { taskId: task.id, userId: creator.id, status });
    }
    const othersTask = await createTask(testApp.app.deps.db);
    await assignTask(testApp.app.deps.db, { taskId: othersTask.id, userId: other.id });
    const published = { status: 'published' as const, publishedAt: new Date().toISOString() };
    await createCompensation(testApp.app.deps.db, creator.id, {
      ...published,
      month: 1,
      amountCents: 125_050,
    });
    await createCompensation(testApp.app.deps.db, creator.id, {
      ...published,
      month: 2,
      amountCents: 99,
    });
    await createCompensation(testApp.app.deps.db, creator.id, { month: 3, amountCents: 500_000 });
    await createCompensation(testApp.app.deps.db, other.id, { ...published, amountCents: 700_000 });

    const response = await get('/api/dashboard', creator);
    expect(response.json()).toEqual({
      previousSignInAt: null,
      profile: { completeness: 100, missing: [], checkedAt: null },
      tasks: { open: 3, completed: 2 },
      totalEarnings: '1251.49',
    });
  });

  // Issue 13, point 13: nothing on a first visit speaks as if the person had been here before.
  it("tells a creator's first visit from their return, and a profile they checked from one filled in for them", async () => {
    let now = new Date('2026-03-02T09:00:00.000Z');
    const local = await createTestApp({}, { clock: () => now });
    try {
      const creator = await createUser(local.app.deps.db, { username: 'new_creator' });
      const signIn = async () => {
        const response = await local.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'new_creator', password: creator.password },
        });
        expect(response.statusCode).toBe(200);
        const cookie = [response.headers['set-cookie']].flat().join('; ');
        return (url: string) => local.app.inject({ method: 'GET', url, headers: { cookie } });
      };

      const firstVisit = await (await signIn())('/api/dashboard');
      expect(firstVisit.json()).toMatchObject({
        previousSignInAt: null,
        profile: { completeness: 100, missing: [], checkedAt: null },
      });

      // Saving the profile in Settings, unchanged, is checking it.
      now = new Date('2026-03-02T09:05:00.000Z');
      const asCreator = await signedInClient(local.app, creator);
      expect(
        (await asCreator.put('/api/user/profile', { username: 'new_creator' })).statusCode,
      ).toBe(200);

      now = new Date('2026-03-05T18:00:00.000Z');
      const returning = await (await signIn())('/api/dashboard');
      expect(returning.json()).toMatchObject({
        previousSignInAt: '2026-03-02T09:00:00.000Z',
        profile: { checkedAt: '2026-03-02T09:05:00.000Z' },
      });

      // An administrator's banner reads the same record.
      const boss = await createUser(local.app.deps.db, { username: 'new_boss', isAdmin: true });
      const bossSignIn = async () => {
        const response = await local.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'new_boss', password: boss.password },
        });
        const cookie = [response.headers['set-cookie']].flat().join('; ');
        return local.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard',
          headers: { cookie },
        });
      };
      expect((await bossSignIn()).json()).toMatchObject({ previousSignInAt: null });
      now = new Date('2026-03-06T08:00:00.000Z');
      expect((await bossSignIn()).json()).toMatchObject({
        previousSignInAt: '2026-03-05T18:00:00.000Z',
      });
    } finally {
      await local.close();
    }
  });

  it('is for creators only: 403 for administrators, 401 for nobody', async () => {
    const response = await get('/api/dashboard', admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'auth.creators_only',
      message: 'This is only for creators; administrators have their own screens.',
    });
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
