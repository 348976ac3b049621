import http from 'node:http';
import type { Notification } from '../../src/domain/notifications.ts';
import { withTransaction } from '../../src/server/deps.ts';
import { catalogueNotification, notify } from '../../src/server/modules/notifications/notify.ts';
import {
  notificationIn,
  openEventStream,
  publishPay,
  streamPatienceMs,
  within,
  type EventStream,
} from '../support/event-stream.ts';
import { createNotification } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { signedInClient, type SignedInClient } from '../support/sign-in.ts';

const streamPath = '/api/notifications/stream';

/** `streamOf(client)` opens the live stream of the bell in that client's session. */
const test = base.extend('streamOf', ({ baseUrl }, { onCleanup }) => {
  const opened: EventStream[] = [];
  onCleanup(() => {
    for (const stream of opened) stream.close();
  });
  return async (client: { cookie: string } | undefined, options: { lastEventId?: string } = {}) => {
    const stream = await openEventStream(`${baseUrl}${streamPath}`, {
      cookie: client?.cookie,
      ...options,
    });
    opened.push(stream);
    return stream;
  };
});

describe('GET /api/notifications/stream', () => {
  test('delivers a notification created by an act, as the bell lists it', async ({
    admin,
    creator,
    streamOf,
  }) => {
    const stream = await streamOf(creator);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    // The security headers every answer carries.
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    await publishPay(admin, creator.user.id);
    const { id, notification } = await notificationIn(stream);
    expect(notification).toMatchObject({ userId: creator.user.id, type: 'compensation' });
    expect(id).toBe(notification.id);
    const bell = (await creator.get('/api/notifications')).json<{
      notifications: Notification[];
    }>();
    expect(bell.notifications[0]).toEqual(notification);
  });

  test("carries only the caller's own, and nothing of an act that rolled back", async ({
    app,
    admin,
    creator,
    streamOf,
  }) => {
    const stream = await streamOf(creator);
    const adminStream = await streamOf(admin);
    const told = (title: string) =>
      catalogueNotification('system', 'notification.backupFailed.disk_full', { dir: title });
    await expect(
      withTransaction(app.deps, async (deps) => {
        await notify(deps, creator.user.id, told('/rolled-back'));
        throw new Error('the act fails');
      }),
    ).rejects.toThrow('the act fails');
    await withTransaction(app.deps, (deps) => notify(deps, creator.user.id, told('/kept')));

    const { notification } = await notificationIn(stream);
    expect(notification.message).toContain('/kept');
    expect(stream.events).toHaveLength(1);
    // The administrator's own stream heard nothing of it.
    await withTransaction(app.deps, (deps) => notify(deps, admin.user.id, told('/theirs')));
    await notificationIn(adminStream);
    expect(adminStream.events).toHaveLength(1);
  });

  test('sends a reconnection what was created after its Last-Event-ID, oldest first', async ({
    db,
    creator,
    streamOf,
  }) => {
    const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const seen = await createNotification(db, creator.user.id, { createdAt: at(1) });
    await createNotification(db, creator.user.id, { createdAt: at(0), title: 'Older' });
    const missed = [
      await createNotification(db, creator.user.id, { createdAt: at(3), title: 'Third' }),
      await createNotification(db, creator.user.id, { createdAt: at(2), title: 'Second' }),
    ];
    const stream = await streamOf(creator, { lastEventId: seen.id });
    await stream.waitFor(() => stream.events.length === 2);
    expect(stream.events.map((event) => event.id)).toEqual([missed[1]?.id, missed[0]?.id]);

    // A fresh stream (no Last-Event-ID) starts from now: the bell has read the rest.
    const fresh = await streamOf(creator);
    const later = await createNotification(db, creator.user.id, { createdAt: at(4) });
    // Rows written behind the application's back are announced by nobody; a reconnection finds them.
    const again = await streamOf(creator, { lastEventId: missed[0]?.id });
    expect((await notificationIn(again)).id).toBe(later.id);
    expect(fresh.events).toEqual([]);
  });

  test('refuses anyone signed out (401)', async ({ creator, streamOf }) => {
    const anonymous = await streamOf(undefined);
    await anonymous.ended;
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text())).toMatchObject({ code: 'auth.sign_in_required' });

    expect((await creator.post('/api/auth/logout')).statusCode).toBe(204);
    const signedOut = await streamOf(creator);
    await signedOut.ended;
    expect(signedOut.status).toBe(401);
  });

  test('closes at once when its session is signed out; the person’s other sessions stream on', async ({
    app,
    admin,
    creator,
    streamOf,
  }) => {
    const other: SignedInClient = await signedInClient(app, creator.user);
    const stream = await streamOf(creator);
    const otherStream = await streamOf(other);

    expect((await creator.post('/api/auth/logout')).statusCode).toBe(204);
    await within(stream.ended, streamPatienceMs, 'The signed-out stream did not close');

    await publishPay(admin, creator.user.id);
    await notificationIn(otherStream);
    expect(otherStream.hasEnded()).toBe(false);
  });

  test('closes at once when an administrator sets the password or deletes the account', async ({
    app,
    admin,
    creator,
    streamOf,
  }) => {
    const stream = await streamOf(creator);
    const changed = await admin.patch(`/api/admin/users/${creator.user.id}/password`, {
      newPassword: 'a-new-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await within(stream.ended, streamPatienceMs, 'The stream of an ended session did not close');

    const again = await signedInClient(app, creator.user);
    const second = await streamOf(again);
    expect(second.status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${creator.user.id}`)).statusCode).toBe(204);
    await within(second.ended, streamPatienceMs, 'The stream of a deleted account did not close');
  });

  test('keeps five streams per person: a sixth closes the oldest', async ({
    creator,
    admin,
    streamOf,
  }) => {
    const streams: EventStream[] = [];
    for (let index = 0; index < 6; index++) streams.push(await streamOf(creator));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    await within(streams[0]!.ended, streamPatienceMs, 'The oldest stream did not close');

    await publishPay(admin, creator.user.id);
    for (const stream of streams.slice(1)) await notificationIn(stream);
    expect(streams.slice(1).some((stream) => stream.hasEnded())).toBe(false);
  });
});

describe('GET /api/notifications/stream, past the configured total', () => {
  test.override('appEnv', { NOTIFICATION_STREAMS_MAX: '2' });

  test('answers 503 with a message, and takes a stream again once one closes', async ({
    admin,
    creator,
    streamOf,
  }) => {
    const first = await streamOf(creator);
    await streamOf(admin);
    const refused = await streamOf(creator);
    await refused.ended;
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text())).toMatchObject({
      code: 'notification.streams_full',
      message: expect.stringContaining('30 seconds'),
    });

    // Once the server has seen the first go, a new one is taken.
    first.close();
    await expect.poll(async () => (await streamOf(creator)).status).toBe(200);
  });
});

describe('GET /api/notifications/stream, read slowly', () => {
  test.override('appEnv', { LOG_LEVEL: 'info' });
  const lines: string[] = [];
  test.override('appOptions', { logStream: { write: (line: string) => void lines.push(line) } });

  test('drops a reader that stops reading, instead of holding what it does not take', async ({
    app,
    baseUrl,
    creator,
    streamOf,
  }) => {
    // A reader that takes the head and then reads nothing more, beside one that keeps up.
    const slowAnswer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(`${baseUrl}${streamPath}`, {
        headers: { accept: 'text/event-stream', cookie: creator.cookie },
      });
      request.once('error', reject);
      request.once('response', resolve);
    });
    expect(slowAnswer.statusCode).toBe(200);
    slowAnswer.pause();
    const second = await signedInClient(app, creator.user);
    const fast = await streamOf(second);

    // 20 MB of notices, far more than the sockets' buffers hold, each read by the fast one
    // before the next is made.
    const count = 400;
    const large = 'x'.repeat(50_000);
    for (let index = 0; index < count; index++) {
      await withTransaction(app.deps, (deps) =>
        notify(
          deps,
          creator.user.id,
          catalogueNotification('system', 'notification.backupFailed.disk_full', {
            dir: `/${index}/${large}`,
          }),
        ),
      );
      await fast.waitFor((event) => event.data.includes(`/${index}/`));
    }
    expect(fast.events).toHaveLength(count);
    expect(fast.hasEnded()).toBe(false);
    const dropped = () =>
      lines.filter((line) => line.includes('Dropped a notification stream that fell behind'));
    await expect.poll(dropped, { timeout: 10_000 }).toHaveLength(1);

    // Read now, the slow one ends with what the buffers held when it was dropped: a part only.
    let received = 0;
    slowAnswer.on('data', (chunk: Buffer) => (received += chunk.length));
    slowAnswer.resume();
    await new Promise((done) => slowAnswer.once('close', done));
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan((count * large.length) / 2);
  });
});
