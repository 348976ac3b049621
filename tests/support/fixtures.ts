import type { AddressInfo } from 'node:net';
import { test as base } from 'vitest';
import type { BuildOptions } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/deps.ts';
import { DatabasePool, testsFollow } from './database-pool.ts';
import { createSignedInUser } from './sign-in.ts';
import { createTestBucket, startS3Server } from './s3.ts';
import { startSmtpServer } from './smtp.ts';
import { buildTestApp, createTestApp, type TestApp } from './test-app.ts';

export { describe, expect } from 'vitest';

/** The time as the app under test sees it: real time until a test sets or moves it. */
export interface TestClock {
  now: Clock;
  /** Stops the clock at `time`. */
  set(time: Date | string): void;
  /** Moves the clock on (or back, with a negative amount), stopped or running. */
  advance(milliseconds: number): void;
}

/** A clock running with real time, or stopped at `start`. */
export function testClock(start?: Date | string): TestClock {
  let stoppedAt = start === undefined ? undefined : new Date(start);
  let offset = 0;
  return {
    now: () => (stoppedAt ? new Date(stoppedAt) : new Date(Date.now() + offset)),
    set: (time) => {
      stoppedAt = new Date(time);
    },
    advance: (milliseconds) => {
      if (stoppedAt) stoppedAt = new Date(stoppedAt.getTime() + milliseconds);
      else offset += milliseconds;
    },
  };
}

/**
 * The API tests' fixtures. Each test that asks for `app` (or anything built on it) gets the real
 * application on a database of its own, a fresh copy of the run's migrated template, closed and
 * removed after the test; nothing is shared between tests. A fixture is only set up for a test
 * that names it, so a test without `app` costs no database.
 *
 * Settings: a file or a `describe` sets the app's environment with
 * `test.override('appEnv', { NAME: 'value' })`, or with a function of other fixtures
 * (`({ smtp }) => ({ SMTP_URL: smtp.url })`); `appOptions` likewise (`clientDir`, `logStream`);
 * `clock` for a stopped clock (`() => testClock('2026-03-01T10:00:00.000Z')`). A test that needs
 * several apps builds them with `createApp`. A file adds fixtures of its own with `test.extend`
 * (name none of them `task`: Vitest gives the running test that name, and `database` reads it).
 */
export const test = base
  /** Environment variables of the app under test, on top of those of `buildTestApp`. */
  .extend('appEnv', {} as Record<string, string>)
  /** Build options of the app under test (its clock comes from `clock`). */
  .extend('appOptions', {} as Omit<BuildOptions, 'clock'>)
  /** A database without the migrations, for the tests of the migrations themselves. */
  .extend('emptyDatabase', false)
  .extend('clock', () => testClock())
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from it
  .extend('databases', { scope: 'file' }, async ({}, { onCleanup }) => {
    const pool = new DatabasePool();
    onCleanup(() => pool.close());
    return pool;
  })
  /** This test's own database: its DATA_DIR, and a database to open or hand to an app. */
  .extend('database', async ({ databases, emptyDatabase, task }, { onCleanup }) => {
    const database = await databases.take({ empty: emptyDatabase, moreToCome: testsFollow(task) });
    onCleanup(() => databases.release(database));
    return database;
  })
  /** This test's database opened without an app: for the tests of the schema and the factories. */
  .extend('handle', ({ database }, { onCleanup }) => {
    const handle = database.open();
    onCleanup(() => handle.db.destroy());
    return handle;
  })
  /** The real application on this test's database, for `app.inject()`. */
  .extend('testApp', async ({ database, appEnv, appOptions, clock }, { onCleanup }) => {
    const testApp = await buildTestApp(database, appEnv, { ...appOptions, clock: clock.now });
    onCleanup(() => testApp.close());
    return testApp;
  })
  .extend('app', ({ testApp }) => testApp.app)
  .extend('db', ({ app }) => app.deps.db)
  /** The app listening on a free local port, for calls over a real socket: its base URL. */
  .extend('baseUrl', async ({ app }) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  })
  /** Its port, for requests written byte by byte (see `sendRaw`). */
  .extend('port', ({ baseUrl }) => Number(new URL(baseUrl).port))
  /** An administrator and a creator of this test's app, each with a client signed in as them. */
  .extend('admin', ({ app }) => createSignedInUser(app, { isAdmin: true }))
  .extend('creator', ({ app }) => createSignedInUser(app))
  /** A local SMTP server keeping what it receives; hand `smtp.url` to the app as SMTP_URL. */
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from it
  .extend('smtp', async ({}, { onCleanup }) => {
    const smtp = await startSmtpServer();
    onCleanup(() => smtp.close());
    return smtp;
  })
  /** A real S3-compatible server, one per test file (started only for a file that asks). */
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from it
  .extend('s3Server', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startS3Server();
    onCleanup(() => server.close());
    return server;
  })
  /**
   * This test's own empty bucket on it: `s3.env` are the S3_* settings of an app storing there
   * (`test.override('appEnv', ({ s3 }) => s3.env)`), `s3.keys()` and `s3.bytes(key)` what it holds.
   */
  .extend('s3', ({ s3Server }) => createTestBucket(s3Server))
  /** Builds more apps, each on a fresh database with settings of its own; closed with the test. */
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from it
  .extend('createApp', ({}, { onCleanup }) => {
    const built: TestApp[] = [];
    onCleanup(async () => {
      for (const testApp of built) await testApp.close();
    });
    return async (env: Record<string, string> = {}, options: BuildOptions = {}) => {
      const testApp = await createTestApp(env, options);
      built.push(testApp);
      return testApp;
    };
  });
