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
import { describe, expect, test } from '../support/fixtures.ts';
import { login, loginClient } from '../support/sign-in.ts';
import { testAdmin } from '../support/test-app.ts';

const demoAdmin = { username: 'demo_admin', password: 'demo-admin-pass' };
const demoMaria = { username: 'demo_maria', password: 'demo-creator-pass' };

describe('npm run seed:demo', () => {
  test('creates a demo agency whose documented logins work, and a second run adds nothing', async ({
    app,
    db,
  }) => {
    expect(await seedDemo(app.deps)).toBe('seeded');

    expect((await login(app, demoAdmin)).json()).toMatchObject({ isAdmin: true });
    expect((await login(app, demoMaria)).json()).toMatchObject({ isAdmin: false });
    const maria = await loginClient(app, demoMaria);

    const dashboard = await maria.get('/api/dashboard');
    expect(dashboard.json()).toMatchObject({ tasks: { open: 3, completed: 2 } });
    // New in her bell: last month's compensation, a correction, a task; older notifications are read.
    const bell = await maria.get('/api/notifications');
    expect(bell.json()).toMatchObject({ unreadCount: 3 });
    // Maria reads Portuguese: her notifications are in her language.
    expect(JSON.stringify(bell.json())).toContain('Remuneração publicada');
    expect(JSON.stringify(bell.json())).toContain('Remuneração corrigida');
    for (const username of ['demo_lucas', 'demo_sofia']) {
      expect((await login(app, { username, password: 'demo-creator-pass' })).statusCode).toBe(200);
    }
    // The installation's own administrator is untouched.
    const { username, password } = testAdmin;
    expect((await login(app, { username, password })).statusCode).toBe(200);

    const tables = ['users', 'tasks', 'taskAssignments', 'taskUploads'] as const;
    const rows = () =>
      Promise.all(
        tables.map(async (table) => (await db.selectFrom(table).selectAll().execute()).length),
      );
    const before = await rows();
    expect(await seedDemo(app.deps)).toBe('already-seeded');
    expect(await rows()).toEqual(before);
  });

  test('adds applications in every status, with ID documents an administrator can open', async ({
    app,
  }) => {
    await seedDemo(app.deps);
    const admin = await loginClient(app, demoAdmin);
    const list = await admin.get('/api/admin/applications-v2');
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
    const document = await admin.get(applications[0]?.documentImageUrl ?? '');
    expect(document.headers['content-type']).toBe('image/png');
    expect(document.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const dashboard = await admin.get('/api/admin/dashboard');
    expect(dashboard.json()).toMatchObject({ applications: { total: 4, pending: 2 } });
  });

  test('adds tasks in every state, each creator with their own progress and real images', async ({
    app,
  }) => {
    await seedDemo(app.deps);
    for (const username of ['demo_maria', 'demo_lucas']) {
      const creator = await loginClient(app, { username, password: 'demo-creator-pass' });
      const list = (await creator.get('/api/tasks')).json<MyTaskList>();
      expect(new Set(list.items.map((task) => task.status))).toEqual(
        new Set(['new', 'in_progress', 'submitted', 'completed']),
      );
      const working = list.items.find((task) => task.status === 'in_progress');
      const detail = (await creator.get(`/api/tasks/${working?.id}`)).json<MyTaskDetail>();
      expect(detail.uploads).toHaveLength(2);
      const image = await creator.get(detail.uploads[0]?.fileUrl ?? '');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    const maria = await loginClient(app, demoMaria);
    const mine = (await maria.get('/api/tasks')).json<MyTaskList>();
    expect(mine.counters).toEqual({ total: 5, inProgress: 1, submitted: 1, completed: 2 });
  });

  test('shows the administrator tasks in every overall state, every photo with a thumbnail', async ({
    app,
    db,
  }) => {
    await seedDemo(app.deps);
    const admin = await loginClient(app, demoAdmin);
    const list = (await admin.get('/api/admin/tasks')).json<AdminTaskList>();
    expect(new Set(list.items.map((task) => task.status))).toEqual(
      new Set(['new', 'in_progress', 'submitted', 'completed']),
    );
    let photos = 0;
    for (const task of list.items) {
      const detail = (await admin.get(`/api/admin/tasks/${task.id}`)).json<AdminTaskDetail>();
      for (const upload of detail.assignees.flatMap((assignee) => assignee.uploads)) {
        expect(upload.fileType).toMatch(/^image\//);
        expect(upload.thumbnailUrl).not.toBeNull();
        const thumbnail = await admin.get(upload.thumbnailUrl ?? '');
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toMatch(/^image\//);
        // A real WebP image, not an empty or broken file.
        expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
        photos++;
      }
    }
    // Every seeded upload is a photo, and each was seen above.
    const uploads = await db.selectFrom('taskUploads').select('id').execute();
    expect(uploads.length).toBeGreaterThan(0);
    expect(photos).toBe(uploads.length);
  });

  test('gives the creators two years of compensation, mostly published, with drafts and a correction on record', async ({
    app,
  }) => {
    await seedDemo(app.deps);
    const maria = await loginClient(app, demoMaria);
    const mine = (await maria.get('/api/compensations')).json<Compensation[]>();
    expect(mine).toHaveLength(24);
    expect(mine.every((entry) => entry.status === 'published')).toBe(true);
    expect(new Set(mine.map((entry) => entry.year)).size).toBeGreaterThan(1);
    // Her dashboard's earnings are the sum of what she can see.
    const cents = mine.reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0);
    const dashboard = (await maria.get('/api/dashboard')).json<{ totalEarnings: string }>();
    expect(dashboard.totalEarnings).toBe((cents / 100).toFixed(2));

    const admin = await loginClient(app, demoAdmin);
    const all = (await admin.get('/api/admin/compensations')).json<Compensation[]>();
    expect(all.filter((entry) => entry.status === 'draft')).toHaveLength(3);
    expect(all.filter((entry) => entry.status === 'published')).toHaveLength(48);
    const history = (await admin.get(`/api/admin/compensations/user/${mine[0]?.userId}`)).json<
      AdminCompensation[]
    >();
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

  test('refuses a database that holds real accounts, adding nothing', async ({ app, db }) => {
    await createUser(db, { username: 'real_creator' });
    expect(await seedDemo(app.deps)).toEqual({ refused: ['real_creator'] });
    expect((await login(app, demoAdmin)).statusCode).toBe(401);
  });
});
