import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, sqliteFilePath } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { createDatabase, dropDatabases, runPrefix } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that each test copies (copying beats migrating every time). */
    sqliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test clones. */
    postgresTemplate: string | null;
    /** With TEST_DATABASE_URL: the start of every database name of this run. */
    postgresRunPrefix: string;
  }
}

/** Vitest global setup: migrate one template database per run; tests get fresh copies of it. */
export default async function setup(project: TestProject) {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-template-'));
  const sqlite = openDatabase({ databaseUrl: undefined, dataDir: templateDir });
  await migrateToLatest(sqlite);
  await sqlite.db.destroy();
  project.provide('sqliteTemplate', sqliteFilePath(templateDir));

  const baseUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  const prefix = baseUrl ? runPrefix(baseUrl) : '';
  if (baseUrl) {
    templateName = `${prefix}template`;
    const templateUrl = await createDatabase(baseUrl, templateName);
    const postgres = openDatabase({ databaseUrl: templateUrl, dataDir: templateDir });
    await migrateToLatest(postgres);
    await postgres.db.destroy();
  }
  project.provide('postgresTemplate', templateName);
  project.provide('postgresRunPrefix', prefix);

  return async () => {
    fs.rmSync(templateDir, { recursive: true, force: true });
    if (baseUrl) await dropDatabases(baseUrl, (name) => name.startsWith(prefix));
  };
}
