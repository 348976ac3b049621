import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../src/domain/notifications.ts';
import { catalogueNotification, notify } from '../../src/server/modules/notifications/notify.ts';
import { createNotification, createUser, type TestUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let maria: TestUser;
let lucas: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  maria = await createUser(testApp.app.deps.db);
  lucas = await createUser(testApp.app.deps.db);
});
afterAll(() => testApp.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function bellOf(user: TestUser, query = '') {
  const response = await (
    await signedInClient(testApp.app, user)
  ).get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationList;
}

describe('GET /api/notifications', () => {
  it('lists the 10 newest of one’s own, newest first, with the count of all unread', async () => {
    const user = await createUser(testApp.app.deps.db);
    for (let index = 0; index < 12; index++) {
      await createNotification(testApp.app.deps.db, user.id, {
        title: `Note ${index}`,
        createdAt: minutesAgo(100 - index),
        isRead: index < 2,
      });
    }
    await createNotification(testApp.app.deps.db, lucas.id, { title: 'Not for her' });

    const bell = await bellOf(user);
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
    expect((await bellOf(user, '?limit=50')).notifications).toHaveLength(12);
  });

  it('is empty for someone with no notifications; 401 for nobody', async () => {
    const user = await createUser(testApp.app.deps.db);
    expect(await bellOf(user)).toEqual({ notifications: [], unreadCount: 0 });
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is there for administrators too', async () => {
    const admin = await createUser(testApp.app.deps.db, { isAdmin: true });
    await createNotification(testApp.app.deps.db, admin.id);
    expect((await bellOf(admin)).unreadCount).toBe(1);
  });
});

describe('marking read', () => {
  it('marks one of one’s own read; someone else’s is 404 and stays unread', async () => {
    const mine = await createNotification(testApp.app.deps.db, maria.id);
    const theirs = await createNotification(testApp.app.deps.db, lucas.id);
    const client = await signedInClient(testApp.app, maria);
    const read = (id: string) => client.patch(`/api/notifications/${id}/read`);

    expect((await read(mine.id)).statusCode).toBe(204);
    const other = await read(theirs.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      code: 'notification.not_found',
      message: 'Notification not found',
    });
    expect((await read(randomUUID())).statusCode).toBe(404);

    const marias = (await bellOf(maria)).notifications;
    expect(marias.find((notification) => notification.id === mine.id)?.isRead).toBe(true);
    const lucass = (await bellOf(lucas)).notifications;
    expect(lucass.find((notification) => notification.id === theirs.id)?.isRead).toBe(false);
  });

  it('marks all of one’s own read, and nobody else’s', async () => {
    const user = await createUser(testApp.app.deps.db);
    await createNotification(testApp.app.deps.db, user.id);
    await createNotification(testApp.app.deps.db, user.id);
    const lucasBefore = (await bellOf(lucas)).unreadCount;
    const client = await signedInClient(testApp.app, user);
    const response = await client.post('/api/notifications/read-all');
    expect(response.statusCode).toBe(204);
    const bell = await bellOf(user);
    expect(bell.unreadCount).toBe(0);
    expect(bell.notifications.every((notification) => notification.isRead)).toBe(true);
    expect((await bellOf(lucas)).unreadCount).toBe(lucasBefore);
  });

  it('refuses marking from another site', async () => {
    const note = await createNotification(testApp.app.deps.db, maria.id);
    const client = await signedInClient(testApp.app, maria);
    const response = await client.patch(`/api/notifications/${note.id}/read`, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const bell = await bellOf(maria);
    expect(bell.notifications.find((notification) => notification.id === note.id)?.isRead).toBe(
      false,
    );
  });
});

describe('notify()', () => {
  it('puts a notification in the person’s bell, written in their language', async () => {
    const sofia = await createUser(testApp.app.deps.db, { preferredLanguage: 'pt' });
    const compensationId = randomUUID();
    await notify(
      testApp.app.deps,
      sofia.id,
      catalogueNotification('compensation', 'notification.welcome', { site: 'Estúdio' }, compensationId),
    );
    const bell = await bellOf(sofia);
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

  it('refuses an empty title or message with the spec messages', async () => {
    await expect(
      notify(testApp.app.deps, maria.id, {
        type: 'system',
        write: () => ({ title: ' ', message: 'x' }),
      }),
    ).rejects.toThrow('Title is required');
    await expect(
      notify(testApp.app.deps, maria.id, {
        type: 'system',
        write: () => ({ title: 'x', message: '' }),
      }),
    ).rejects.toThrow('Message is required');
    await expect(
      notify(testApp.app.deps, '', {
        type: 'system',
        write: () => ({ title: 'x', message: 'y' }),
      }),
    ).rejects.toThrow('User ID is required');
  });
});
