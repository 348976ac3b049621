import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { NotificationList, NotificationPage } from '../../src/domain/notifications.ts';
import { catalogueNotification, notify } from '../../src/server/modules/notifications/notify.ts';
import { createNotification, createUser, type TestUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** What the bell of `user` lists, asked in a session of their own. */
async function bellOf(app: FastifyInstance, user: TestUser, query = '') {
  const response = await (await signedInClient(app, user)).get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationList;
}

describe('GET /api/notifications/all', () => {
  test("pages through every one of one's own, newest first, 25 to a page, with the unread count", async ({
    app,
    db,
  }) => {
    const user = await createUser(db);
    const lucas = await createUser(db);
    for (let index = 0; index < 27; index++) {
      await createNotification(db, user.id, {
        title: `Note ${index}`,
        createdAt: minutesAgo(100 - index),
        isRead: index < 20,
      });
    }
    await createNotification(db, lucas.id, { title: 'Not for her' });
    const client = await signedInClient(app, user);

    const first = await client.get('/api/notifications/all');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const firstPage = first.json() as NotificationPage;
    expect(firstPage).toMatchObject({ total: 27, page: 1, pageSize: 25, unreadCount: 7 });
    expect(firstPage.items.map((notification) => notification.title)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Note ${26 - index}`),
    );
    const second = (await client.get('/api/notifications/all?page=2')).json() as NotificationPage;
    expect(second.items.map((notification) => notification.title)).toEqual(['Note 1', 'Note 0']);
    expect(second.items[1]).toMatchObject({ userId: user.id, isRead: true, type: 'system' });
    // Past the end an empty page, as every list answers; a page that is no number is the first.
    expect((await client.get('/api/notifications/all?page=9')).json()).toMatchObject({
      items: [],
      total: 27,
      page: 9,
    });
    expect((await client.get('/api/notifications/all?page=x')).json()).toMatchObject({ page: 1 });

    // Marking one read shows on the page it is on.
    const oldestUnread = firstPage.items[6];
    expect(oldestUnread).toMatchObject({ title: 'Note 20', isRead: false });
    await client.patch(`/api/notifications/${oldestUnread?.id}/read`);
    const after = (await client.get('/api/notifications/all')).json() as NotificationPage;
    expect(after.unreadCount).toBe(6);
    expect(after.items[6]).toMatchObject({ id: oldestUnread?.id, isRead: true });
    expect((await app.inject({ method: 'GET', url: '/api/notifications/all' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/notifications', () => {
  test('lists the 10 newest of one’s own, newest first, with the count of all unread', async ({
    app,
    db,
  }) => {
    const user = await createUser(db);
    const lucas = await createUser(db);
    for (let index = 0; index < 12; index++) {
      await createNotification(db, user.id, {
        title: `Note ${index}`,
        createdAt: minutesAgo(100 - index),
        isRead: index < 2,
      });
    }
    await createNotification(db, lucas.id, { title: 'Not for her' });

    const bell = await bellOf(app, user);
    expect(bell.notifications.map((notification) => notification.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Note ${index}`),
    );
    expect(bell.unreadCount).toBe(10);
    expect(bell.notifications[0]).toEqual({
      id: expect.any(String),
      userId: user.id,
      title: 'Note 11',
      message: 'Your account is ready.',
      type: 'system',
      relatedId: null,
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await bellOf(app, user, '?limit=50')).notifications).toHaveLength(12);
  });

  test('is empty for someone with no notifications; 401 for nobody', async ({ app, db }) => {
    const user = await createUser(db);
    expect(await bellOf(app, user)).toEqual({ notifications: [], unreadCount: 0 });
    const anonymous = await app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('is there for administrators too', async ({ app, db, admin }) => {
    await createNotification(db, admin.user.id);
    expect((await bellOf(app, admin.user)).unreadCount).toBe(1);
  });
});

describe('marking read', () => {
  test('marks one of one’s own read; someone else’s is 404 and stays unread', async ({
    app,
    db,
  }) => {
    const [maria, lucas] = [await createUser(db), await createUser(db)];
    const mine = await createNotification(db, maria.id);
    const theirs = await createNotification(db, lucas.id);
    const client = await signedInClient(app, maria);
    const read = (id: string) => client.patch(`/api/notifications/${id}/read`);

    expect((await read(mine.id)).statusCode).toBe(204);
    const other = await read(theirs.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      code: 'notification.not_found',
      message: 'Notification not found',
    });
    expect((await read(randomUUID())).statusCode).toBe(404);

    const marias = (await bellOf(app, maria)).notifications;
    expect(marias.find((notification) => notification.id === mine.id)?.isRead).toBe(true);
    const lucass = (await bellOf(app, lucas)).notifications;
    expect(lucass.find((notification) => notification.id === theirs.id)?.isRead).toBe(false);
  });

  test('marks all of one’s own read, and nobody else’s', async ({ app, db }) => {
    const user = await createUser(db);
    const lucas = await createUser(db);
    await createNotification(db, lucas.id);
    await createNotification(db, user.id);
    await createNotification(db, user.id);
    const lucasBefore = (await bellOf(app, lucas)).unreadCount;
    const client = await signedInClient(app, user);
    const response = await client.post('/api/notifications/read-all');
    expect(response.statusCode).toBe(204);
    const bell = await bellOf(app, user);
    expect(bell.unreadCount).toBe(0);
    expect(bell.notifications.every((notification) => notification.isRead)).toBe(true);
    expect((await bellOf(app, lucas)).unreadCount).toBe(lucasBefore);
  });

  test('refuses marking from another site', async ({ app, db }) => {
    const maria = await createUser(db);
    const note = await createNotification(db, maria.id);
    const client = await signedInClient(app, maria);
    const response = await client.patch(`/api/notifications/${note.id}/read`, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const bell = await bellOf(app, maria);
    expect(bell.notifications.find((notification) => notification.id === note.id)?.isRead).toBe(
      false,
    );
  });
});

describe('notify()', () => {
  test('puts a notification in the person’s bell, written in their language', async ({
    app,
    db,
  }) => {
    const sofia = await createUser(db, { preferredLanguage: 'pt' });
    const compensationId = randomUUID();
    await notify(
      app.deps,
      sofia.id,
      catalogueNotification(
        'compensation',
        'notification.welcome',
        { site: 'Estúdio' },
        compensationId,
      ),
    );
    const bell = await bellOf(app, sofia);
    expect(bell.notifications).toMatchObject([
      {
        type: 'compensation',
        title: 'Boas-vindas à Estúdio',
        message:
          'Sua conta está pronta. Você pode alterar sua senha e seu idioma em Configurações.',
        relatedId: compensationId,
        isRead: false,
      },
    ]);
  });

  test('refuses an empty title, message or user, saying which is missing', async ({ app, db }) => {
    const maria = await createUser(db);
    await expect(
      notify(app.deps, maria.id, {
        type: 'system',
        write: () => ({ title: ' ', message: 'x' }),
      }),
    ).rejects.toThrow('Title is required');
    await expect(
      notify(app.deps, maria.id, {
        type: 'system',
        write: () => ({ title: 'x', message: '' }),
      }),
    ).rejects.toThrow('Message is required');
    await expect(
      notify(app.deps, '', {
        type: 'system',
        write: () => ({ title: 'x', message: 'y' }),
      }),
    ).rejects.toThrow('User ID is required');
  });
});
