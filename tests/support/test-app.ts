import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, sqliteFilePath, type DatabaseHandle } from '../../src/server/db/database.ts';
import { createDatabase, dropDatabases, randomDatabaseName } from './postgres.ts';

export const testAdmin = {
  username: 'admin',
  email: 'admin@example.com',
  password: 'admin-password',
};

export interface TestDatabase {
  /** DATABASE_URL for the app: undefined means the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  open(): DatabaseHandle;
  remove(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: a copy of the run's SQLite template, or a clone of the
 * PostgreSQL template when TEST_DATABASE_URL is set. `empty` skips the migrations.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (baseUrl && template) {
    name = randomDatabaseName(inject('postgresRunPrefix'));
    databaseUrl = await createDatabase(baseUrl, name, options.empty ? undefined : template);
  } else if (!options.empty) {
    fs.copyFileSync(inject('sqliteTemplate'), sqliteFilePath(dataDir));
  }
  return {
    databaseUrl,
    dataDir,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    open: () => openDatabase({ databaseUrl, dataDir }),
    remove: async () => {
      if (baseUrl && name) await dropDatabases(baseUrl, (candidate) => candidate === name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database, for `app.inject()`; `close()` removes the database
 * too. Tests take theirs from the fixtures (tests/support/fixtures.ts), which close it after.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database, env, options);
  return {
    ...app,
    close: async () => {
      await app.close();
      await database.remove();
    },
  };
}

/**
 * The real application on a given database: one of several server processes sharing it, as in a
 * deployment. Closing it leaves the database for the others.
 */
export async function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    ...env,
  });
  const app = await buildApp(config, options);
  await app.ready();
  // A test may stop reading an answer (a download it only needed the head of); the server would
  // wait for that connection's keep-alive timeout before closing, so the test ends it instead.
  const close = async () => {
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  };
  return { app, config, database, close };
}
