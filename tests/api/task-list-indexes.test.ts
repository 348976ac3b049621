import { sql } from 'kysely';
import type { AdminTask, AdminTaskList, MyTaskList } from '../../src/domain/tasks.ts';
import {
  assignTask,
  createTask,
  createTaskUpload,
  createUser,
  taskInput,
} from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { createSignedInUser, signedInClient, type SignedInClient } from '../support/sign-in.ts';

/**
 * The task lists' indexes (migration 0008, decision 0022) must not change what a list answers:
 * a search of three characters or more goes through a trigram index, a shorter one reads the rows,
 * a common word walks the list and a rare one takes its matches from the index; the creator's
 * list is ordered and filtered on copies of the task's due date and content type, and counted from
 * kept counts. Each test here looks at what a user sees after the writes that keep them.
 */
const adminList = async (admin: SignedInClient, query: string) => {
  const response = await admin.get(`/api/admin/tasks?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<AdminTaskList>();
};
const titlesFound = async (admin: SignedInClient, q: string) =>
  (await adminList(admin, `q=${encodeURIComponent(q)}`)).items.map((task) => task.title).sort();
const myList = async (client: SignedInClient, query = '') => {
  const response = await client.get(`/api/tasks?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<MyTaskList>();
};

describe('searching the tasks', () => {
  test('finds substrings of any length, without regard to case or accents, % and _ literally', async ({
    db,
    admin,
  }) => {
    await createTask(db, { title: 'Sesión en la PLAYA', description: 'Atardecer dorado' });
    await createTask(db, { title: 'Promo 50%_off', description: 'Banner' });
    await createTask(db, { title: 'Promo 50% off', description: 'Banner' });
    await createTask(db, { title: 'Promo 50xyoff', description: 'Banner' });
    await createTask(db, { title: 'Quote "best" look', description: 'x' });

    // Three characters or more: the trigram index.
    expect(await titlesFound(admin, 'sesion en la playa')).toEqual(['Sesión en la PLAYA']);
    expect(await titlesFound(admin, 'SESIÓN')).toEqual(['Sesión en la PLAYA']);
    expect(await titlesFound(admin, 'dorado')).toEqual(['Sesión en la PLAYA']);
    expect(await titlesFound(admin, '50%_off')).toEqual(['Promo 50%_off']);
    expect(await titlesFound(admin, '50%')).toEqual(['Promo 50% off', 'Promo 50%_off']);
    expect(await titlesFound(admin, '"best"')).toEqual(['Quote "best" look']);
    expect(await titlesFound(admin, 'playa atardecer')).toEqual(['Sesión en la PLAYA']);
    expect(await titlesFound(admin, 'en la playa dorado')).toEqual([]);
    // One or two characters: read row by row, with the same rules.
    expect(await titlesFound(admin, '%_')).toEqual(['Promo 50%_off']);
    expect(await titlesFound(admin, 'Ó')).toEqual(
      expect.arrayContaining(['Sesión en la PLAYA', 'Promo 50%_off', 'Quote "best" look']),
    );
    expect(await titlesFound(admin, '_')).toEqual(['Promo 50%_off']);
    expect(await titlesFound(admin, '%')).toEqual(['Promo 50% off', 'Promo 50%_off']);
  });

  test('answers the same whether a word is common (walked) or rare (taken from the index)', async ({
    db,
    admin,
  }) => {
    for (let n = 0; n < 60; n++) {
      await createTask(db, {
        title: `Rooftop shoot ${n}`,
        description: n === 7 ? 'A rare skyline' : 'City lights',
        contentType: n % 3 === 0 ? 'video' : 'photo',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      });
    }
    const list = async (query: string) =>
      (await admin.get(`/api/admin/tasks?${query}`)).json<AdminTaskList>();
    const common = await list('q=ROOFTOP');
    expect(common.total).toBe(60);
    expect(common.items.map((task) => task.title).slice(0, 2)).toEqual([
      'Rooftop shoot 59',
      'Rooftop shoot 58',
    ]);
    expect((await list('q=rooftop&page=3')).items.map((task) => task.title)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Rooftop shoot ${9 - n}`),
    );
    expect(await list('q=skyline')).toMatchObject({
      total: 1,
      items: [{ title: 'Rooftop shoot 7' }],
    });
    expect((await list('q=shoot 1')).total).toBe(11);
    expect((await list('q=shoot 1&contentType=video')).total).toBe(3);
    expect((await list('q=shoot 1&page=2')).items).toEqual([]);
  });

  test('finds a changed task by its new words only, and a deleted one no more', async ({
    app,
    db,
    testApp,
    admin,
  }) => {
    const maria = await createSignedInUser(app, { firstName: 'Maria' });
    const task = (
      await admin.post(
        '/api/admin/tasks',
        taskInput([maria.user.id], { title: 'Lavender field portraits' }),
      )
    ).json<AdminTask>();
    expect(await titlesFound(admin, 'lavender')).toEqual(['Lavender field portraits']);

    const changed = await admin.put(
      `/api/admin/tasks/${task.id}`,
      taskInput([maria.user.id], { title: 'Sunflower field portraits' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(await titlesFound(admin, 'lavender')).toEqual([]);
    expect(await titlesFound(admin, 'sunflower')).toEqual(['Sunflower field portraits']);
    expect((await myList(maria, 'q=sunflower')).items.map((item) => item.id)).toEqual([task.id]);
    expect((await myList(maria, 'q=lavender')).total).toBe(0);

    expect((await admin.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    expect(await titlesFound(admin, 'sunflower')).toEqual([]);
    expect((await myList(maria, 'q=sunflower')).total).toBe(0);
    if (testApp.database.dialect === 'sqlite') {
      // Nothing of the task is left in SQLite's search index, and the index agrees with the table.
      const left = await sql<{
        n: number;
      }>`select count(*) as n from tasks_search where tasks_search match '"sunflower"'`.execute(db);
      expect(left.rows[0]?.n).toBe(0);
      await sql`insert into tasks_search (tasks_search, rank) values ('integrity-check', 1)`.execute(
        db,
      );
    }
  });
});

describe("a creator's list kept in step with the tasks", () => {
  test('orders by due date and filters by content type as the task now says', async ({
    app,
    db,
    admin,
  }) => {
    const luna = await createUser(db, { firstName: 'Luna' });
    const asLuna = await signedInClient(app, luna);
    const create = async (title: string, dueDate: string, contentType: 'photo' | 'video') =>
      (
        await admin.post('/api/admin/tasks', taskInput([luna.id], { title, dueDate, contentType }))
      ).json<AdminTask>();
    const first = await create('First due', '2026-03-01T10:00:00.000Z', 'photo');
    await create('Second due', '2026-04-01T10:00:00.000Z', 'video');
    await create('Third due', '2026-05-01T10:00:00.000Z', 'photo');
    const titles = async (query = '') =>
      (await myList(asLuna, query)).items.map((task) => task.title);
    expect(await titles()).toEqual(['First due', 'Second due', 'Third due']);
    expect(await titles('contentType=video')).toEqual(['Second due']);

    await admin.put(
      `/api/admin/tasks/${first.id}`,
      taskInput([luna.id], {
        title: 'First due',
        dueDate: '2026-06-01T10:00:00.000Z',
        contentType: 'video',
      }),
    );
    expect(await titles()).toEqual(['Second due', 'Third due', 'First due']);
    expect(await titles('contentType=video')).toEqual(['Second due', 'First due']);
    const videos = await myList(asLuna, 'contentType=video');
    expect(videos.total).toBe(2);
    expect((await myList(asLuna, 'contentType=photo')).total).toBe(1);
    expect((await myList(asLuna, 'contentType=both')).total).toBe(0);
  });

  test('counts each status and content type as assignments are made, moved, removed and deleted', async ({
    app,
    db,
    admin,
  }) => {
    const nora = await createUser(db, { firstName: 'Nora' });
    const tomas = await createUser(db, { firstName: 'Tomas' });
    const asNora = await signedInClient(app, nora);
    const tasks: AdminTask[] = [];
    for (const contentType of ['photo', 'photo', 'video', 'both'] as const) {
      tasks.push(
        (
          await admin.post(
            '/api/admin/tasks',
            taskInput([nora.id], { title: `Counted ${contentType}`, contentType }),
          )
        ).json<AdminTask>(),
      );
    }
    const [photo, secondPhoto, video, both] = tasks as [AdminTask, AdminTask, AdminTask, AdminTask];
    expect((await myList(asNora)).counters).toEqual({
      total: 4,
      inProgress: 0,
      submitted: 0,
      completed: 0,
    });

    expect(
      (await asNora.patch(`/api/tasks/${photo.id}/status`, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    // Completed reaches only someone who sent a file.
    await createTaskUpload(db, { taskId: video.id, userId: nora.id });
    await admin.patch(`/api/admin/tasks/${video.id}/status`, { status: 'completed' });
    let list = await myList(asNora);
    expect(list.counters).toEqual({ total: 4, inProgress: 1, submitted: 0, completed: 1 });
    expect(list.total).toBe(4);
    expect((await myList(asNora, 'status=in_progress')).items.map((task) => task.id)).toEqual([
      photo.id,
    ]);
    expect((await myList(asNora, 'status=new&contentType=photo')).total).toBe(1);
    expect((await myList(asNora, 'status=completed&contentType=video')).total).toBe(1);

    // Nora taken off one task and put on another with Tomas; one task deleted.
    await admin.put(
      `/api/admin/tasks/${secondPhoto.id}`,
      taskInput([tomas.id], { title: 'Counted photo', contentType: 'photo' }),
    );
    await admin.put(
      `/api/admin/tasks/${both.id}`,
      taskInput([nora.id, tomas.id], { title: 'Counted both', contentType: 'both' }),
    );
    await admin.delete(`/api/admin/tasks/${video.id}`);
    list = await myList(asNora);
    expect(list.counters).toEqual({ total: 2, inProgress: 1, submitted: 0, completed: 0 });
    expect(list.items.map((task) => task.id).sort()).toEqual([photo.id, both.id].sort());
    expect((await myList(asNora, 'contentType=photo')).total).toBe(1);
    expect((await myList(asNora, 'contentType=video')).total).toBe(0);

    // Deleting Tomas takes his assignments and counts; Nora's stay as they were.
    expect((await admin.delete(`/api/admin/users/${tomas.id}`)).statusCode).toBe(204);
    expect((await myList(asNora)).counters).toEqual(list.counters);
    const tomasCounts = await db
      .selectFrom('taskAssignmentCounts')
      .selectAll()
      .where('userId', '=', tomas.id)
      .execute();
    expect(tomasCounts).toEqual([]);
  });

  test('pages a search of the creator’s own tasks the same through the index or row by row', async ({
    app,
    db,
  }) => {
    const ines = await createUser(db, { firstName: 'Ines' });
    const asInes = await signedInClient(app, ines);
    for (let n = 0; n < 30; n++) {
      const task = await createTask(db, {
        title: `Harbour look ${n}`,
        description: n === 4 ? 'Only one lighthouse' : 'Boats',
        dueDate: new Date(Date.UTC(2026, 6, 1 + n)).toISOString(),
      });
      await assignTask(db, { taskId: task.id, userId: ines.id });
    }
    // Matches that are not hers make the common word more common than her list is long, so it
    // is walked in her order; the rare one comes from the index.
    for (let n = 0; n < 10; n++) await createTask(db, { title: `Harbour other ${n}` });
    const common = await myList(asInes, 'q=harbour');
    expect(common.total).toBe(30);
    expect(common.items.map((task) => task.title).slice(0, 3)).toEqual([
      'Harbour look 0',
      'Harbour look 1',
      'Harbour look 2',
    ]);
    expect((await myList(asInes, 'q=harbour&page=2')).items.map((task) => task.title)).toEqual(
      Array.from({ length: 5 }, (_, n) => `Harbour look ${25 + n}`),
    );
    expect(await myList(asInes, 'q=lighthouse')).toMatchObject({
      total: 1,
      items: [{ title: 'Harbour look 4' }],
    });
    expect((await myList(asInes, 'q=ok 2')).total).toBe(11);
    expect((await myList(asInes, 'q=2')).total).toBe(12);
  });
});
