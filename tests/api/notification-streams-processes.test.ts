import type { ChildProcess } from 'node:child_process';
import { afterEach } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import {
  httpClient,
  notificationIn,
  openEventStream,
  publishPay,
  streamPatienceMs,
  within,
  type EventStream,
} from '../support/event-stream.ts';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { signIn } from '../support/sign-in.ts';
import { startServerProcess } from '../support/server-process.ts';

const streamPath = '/api/notifications/stream';

const children: ChildProcess[] = [];
const streams: EventStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Real server processes (as `npm start` runs them) sharing this test's database, as a deployment
 * runs several: `serve()` starts one and answers its address. `people` are an administrator and a
 * creator, each signed in (a session written to the database, its cookie).
 */
const test = base
  .extend('serve', ({ database }) => async () => {
    const server = startServerProcess({
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    children.push(server.child);
    const port = await server.listening;
    return { ...server, url: `http://127.0.0.1:${port}` };
  })
  .extend('people', async ({ handle }) => {
    const db: Db = handle.db;
    const admin = await createUser(db, { isAdmin: true });
    const creator = await createUser(db);
    return {
      db,
      adminCookie: (await signIn(db, admin)).cookie,
      creator,
      creatorCookie: (await signIn(db, creator)).cookie,
    };
  });

async function openStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const stream = await openEventStream(`${baseUrl}${streamPath}`, { cookie, lastEventId });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe('live notifications across server processes', () => {
  test(
    'a stream survives its process’s restart by reconnecting to another, missing nothing',
    {
      timeout: 90_000,
    },
    async ({ serve, people }) => {
      const [a, b] = await Promise.all([serve(), serve()]);
      const stream = await openStream(a.url, people.creatorCookie);
      await publishPay(httpClient(a.url, people.adminCookie), people.creator.id, 3);
      const seen = await notificationIn(stream);

      // A stops (a deployment's restart): its streams end at once, so its shutdown is not held up.
      a.child.kill('SIGTERM');
      await within(stream.ended, streamPatienceMs, "A's stream did not end on SIGTERM");
      expect(await a.exited).toBe(0);
      expect(a.output().stdout).toContain('Shut down cleanly');

      // Meanwhile B creates one; the client comes back on B with the last id it saw.
      await publishPay(httpClient(b.url, people.adminCookie), people.creator.id, 4);
      const resumed = await openStream(b.url, people.creatorCookie, seen.id);
      const { notification } = await notificationIn(resumed);
      expect(notification.id).not.toBe(seen.id);
      expect(notification).toMatchObject({ userId: people.creator.id, type: 'compensation' });
      expect(resumed.events).toHaveLength(1);

      // A, started again, serves the person too.
      const restarted = await serve();
      const again = await openStream(restarted.url, people.creatorCookie, notification.id);
      await publishPay(httpClient(restarted.url, people.adminCookie), people.creator.id, 5);
      await notificationIn(again);
    },
  );

  // Between processes events travel through PostgreSQL's LISTEN/NOTIFY; SQLite has no channel
  // between processes and is served by one (decision 0054), so this is a PostgreSQL run's test
  // only (the SQLite run has nothing to show here, so it does not list it as skipped).
  if (process.env.TEST_DATABASE_URL) {
    test(
      'what one process does reaches the streams of another: notifications, sign-outs, deletions',
      { timeout: 90_000 },
      async ({ serve, people }) => {
        const [a, b] = await Promise.all([serve(), serve()]);
        const adminOnB = httpClient(b.url, people.adminCookie);
        const stream = await openStream(a.url, people.creatorCookie);
        const second = await signIn(people.db, people.creator);
        const secondStream = await openStream(a.url, second.cookie);

        await publishPay(adminOnB, people.creator.id, 3);
        const [first, other] = await Promise.all([
          notificationIn(stream),
          notificationIn(secondStream),
        ]);
        expect(first.notification).toMatchObject({ userId: people.creator.id });
        expect(other.id).toBe(first.id);

        // Signed out through B: that session's stream on A closes; the other session's stays.
        const signedOut = await httpClient(b.url, people.creatorCookie).post('/api/auth/logout');
        expect(signedOut.statusCode).toBe(204);
        await within(
          stream.ended,
          streamPatienceMs,
          "The signed-out session's stream on A did not close",
        );
        await publishPay(adminOnB, people.creator.id, 4);
        await notificationIn(secondStream, (notification) => notification.id !== first.id);
        expect(secondStream.hasEnded()).toBe(false);

        // An account deleted through B (one never paid: pay keeps an account): its stream on A closes.
        const leaving = await createUser(people.db);
        const leavingStream = await openStream(a.url, (await signIn(people.db, leaving)).cookie);
        const deleted = await fetch(`${b.url}/api/admin/users/${leaving.id}`, {
          method: 'DELETE',
          headers: { cookie: people.adminCookie },
        });
        expect(deleted.status).toBe(204);
        await within(
          leavingStream.ended,
          streamPatienceMs,
          "The deleted account's stream on A did not close",
        );
      },
    );
  }
});
