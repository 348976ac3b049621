import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationList } from '../../src/domain/applications.ts';
import type { AdminCompensation, Compensation } from '../../src/domain/compensation.ts';
import type {
  AdminTaskDetail,
  AdminTaskList,
  MyTaskDetail,
  MyTaskList,
} from '../../src/domain/tasks.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { createUser } from '../support/factories.ts';
import { createTestApp, testAdmin, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
afterEach(() => testApp.close());

const login = (username: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('npm run seed:demo', () => {
  it('creates a demo agency whose documented logins work, and a second run adds nothing', async () => {
    testApp = await createTestApp();
    expect(await seedDemo(testApp.app.deps)).toBe('seeded');

    const admin = await login('demo_admin', 'demo-admin-pass');
    expect(admin.json()).toMatchObject({ isAdmin: true });
    const maria = await login('demo_maria', 'demo-creator-pass');
    expect(maria.json()).toMatchObject({ isAdmin: false });
    const cookie = `sid=${maria.cookies.find((c) => c.name === 'sid')?.value}`;

    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { cookie },
    });
    expect(dashboard.json()).toMatchObject({ tasks: { open: 3, completed: 2 } });
    // New in her bell: last month's pay, a correction, a task; older notices are read.
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie },
    });
    expect(bell.json()).toMatchObject({ unreadCount: 3 });
    // Maria reads Portuguese: her notifications are in her language.
    expect(JSON.stringify(bell.json())).toContain('Remuneração publicada');
    expect(JSON.stringify(bell.json())).toContain('Remuneração corrigida');
    expect((await login('demo_lucas', 'demo-creator-pass')).statusCode).toBe(200);
    expect((await login('demo_sofia', 'demo-creator-pass')).statusCode).toBe(200);
    // The installation's own administrator is untouched.
    expect((await login(testAdmin.username, testAdmin.password)).statusCode).toBe(200);

    const tables = ['users', 'tasks', 'taskAssignments', 'taskUploads'] as const;
    const rows = () =>
      Promise.all(
        tables.map(
          async (table) =>
            (await testApp.app.deps.db.selectFrom(table).selectAll().execute()).length,
        ),
      );
    const before = await rows();
    expect(await seedDemo(testApp.app.deps)).toBe('already-seeded');
    expect(await rows()).toEqual(before);
  });

  it('adds applications in every status, with ID documents an administrator can open', async () => {
    testApp = await createTestApp();
    await seedDemo(testApp.app.deps);
    const admin = await login('demo_admin', 'demo-admin-pass');
    const cookie = `sid=${admin.cookies.find((c) => c.name === 'sid')?.value}`;
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/applications-v2',
      headers: { cookie },
    });
    const applications = list.json<ApplicationList>().items;
    expect(applications.map((application) => application.status).sort()).toEqual([
      'pending',
      'pending',
      'rejected',
      'under_review',
    ]);
    expect(new Set(applications.map((application) => application.language))).toEqual(
      new Set(['en', 'es', 'pt']),
    );
    const document = await testApp.app.inject({
      method: 'GET',
      url: applications[0]?.documentImageUrl ?? '',
      headers: { cookie },
    });
    expect(document.headers['content-type']).toBe('image/png');
    expect(document.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const dashboard = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie },
    });
    expect(dashboard.json()).toMatchObject({ applications: { total: 4, pending: 2 } });
  });

  it('adds tasks in every state, each creator with their own progress and real images', async () => {
    testApp = await createTestApp();
    await seedDemo(testApp.app.deps);
    for (const username of ['demo_maria', 'demo_lucas']) {
      const creator = await login(username, 'demo-creator-pass');
      const cookie = `sid=${creator.cookies.find((c) => c.name === 'sid')?.value}`;
      const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } });
      const list = (await get('/api/tasks')).json<MyTaskList>();
      expect(new Set(list.items.map((task) => task.status))).toEqual(
        new Set(['new', 'in_progress', 'submitted', 'completed']),
      );
      const working = list.items.find((task) => task.status === 'in_progress');
      const detail = (await get(`/api/tasks/${working?.id}`)).json<MyTaskDetail>();
      expect(detail.uploads).toHaveLength(2);
      const image = await get(detail.uploads[0]?.fileUrl ?? '');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    const maria = await login('demo_maria', 'demo-creator-pass');
    const cookie = `sid=${maria.cookies.find((c) => c.name === 'sid')?.value}`;
    const mine = (
      await testApp.app.inject({ method: 'GET', url: '/api/tasks', headers: { cookie } })
    ).json<MyTaskList>();
    expect(mine.counters).toEqual({ total: 5, inProgress: 1, submitted: 1, completed: 2 });
  });

  it('shows the administrator tasks in every overall state, every photo with a thumbnail', async () => {
    testApp = await createTestApp();
    await seedDemo(testApp.app.deps);
    const admin = await login('demo_admin', 'demo-admin-pass');
    const cookie = `sid=${admin.cookies.find((c) => c.name === 'sid')?.value}`;
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie } });
    const list = (await get('/api/admin/tasks')).json<AdminTaskList>();
    expect(new Set(list.items.map((task) => task.status))).toEqual(
      new Set(['new', 'in_progress', 'submitted', 'completed']),
    );
    let photos = 0;
    for (const task of list.items) {
      const detail = (await get(`/api/admin/tasks/${task.id}`)).json<AdminTaskDetail>();
      for (const upload of detail.assignees.flatMap((assignee) => assignee.uploads)) {
        expect(upload.fileType).toMatch(/^image\//);
        expect(upload.thumbnailUrl).not.toBeNull();
        const thumbnail = await get(upload.thumbnailUrl ?? '');
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toMatch(/^image\//);
        // A real WebP image, not an empty or broken file.
        expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
        photos++;
      }
    }
    // Every seeded upload is a photo, and each was seen above.
    const uploads = await testApp.app.deps.db.selectFrom('taskUploads').select('id').execute();
    expect(uploads.length).toBeGreaterThan(0);
    expect(photos).toBe(uploads.length);
  });

  it('gives the creators two years of pay, mostly published, with drafts and a correction on record', async () => {
    testApp = await createTestApp();
    await seedDemo(testApp.app.deps);
    const maria = await login('demo_maria', 'demo-creator-pass');
    const cookie = `sid=${maria.cookies.find((c) => c.name === 'sid')?.value}`;
    const asMaria = (url: string) =>
      testApp.app.inject({ method: 'GET', url, headers: { cookie } });
    const mine = (await asMaria('/api/compensations')).json<Compensation[]>();
    expect(mine).toHaveLength(24);
    expect(mine.every((entry) => entry.status === 'published')).toBe(true);
    expect(new Set(mine.map((entry) => entry.year)).size).toBeGreaterThan(1);
    // Her dashboard's earnings are the sum of what she can see.
    const cents = mine.reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0);
    const dashboard = (await asMaria('/api/dashboard')).json<{ totalEarnings: string }>();
    expect(dashboard.totalEarnings).toBe((cents / 100).toFixed(2));

    const admin = await login('demo_admin', 'demo-admin-pass');
    const adminCookie = `sid=${admin.cookies.find((c) => c.name === 'sid')?.value}`;
    const all = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/compensations',
        headers: { cookie: adminCookie },
      })
    ).json<Compensation[]>();
    expect(all.filter((entry) => entry.status === 'draft')).toHaveLength(3);
    expect(all.filter((entry) => entry.status === 'published')).toHaveLength(48);
    const history = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/admin/compensations/user/${mine[0]?.userId}`,
        headers: { cookie: adminCookie },
      })
    ).json<AdminCompensation[]>();
    const actions = history.map((entry) => entry.history.map((change) => change.action).join(' '));
    expect(actions.filter((list) => list === 'created published corrected')).toHaveLength(1);
    expect(actions.filter((list) => list === 'created')).toHaveLength(1);
    expect(actions.filter((list) => list === 'created published')).toHaveLength(23);
    for (const entry of history) {
      const times = entry.history.map((change) => change.at);
      expect(times).toEqual([...times].sort());
      expect(entry.history.every((change) => change.by?.username === 'demo_admin')).toBe(true);
    }
  });

  it('refuses a database that holds real accounts, adding nothing', async () => {
    testApp = await createTestApp();
    await createUser(testApp.app.deps.db, { username: 'real_creator' });
    expect(await seedDemo(testApp.app.deps)).toEqual({ refused: ['real_creator'] });
    expect((await login('demo_admin', 'demo-admin-pass')).statusCode).toBe(401);
  });
});
