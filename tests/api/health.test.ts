import { sql } from 'kysely';
import { describe, expect, test } from '../support/fixtures.ts';
import { dropDatabases } from '../support/postgres.ts';
import type { TestApp } from '../support/test-app.ts';

/** Takes the database away under the running app, as an outage would. */
async function stopDatabase({ app, database }: TestApp) {
  if (database.dialect === 'postgres') {
    const name = (
      await sql<{ name: string }>`select current_database() as name`.execute(app.deps.db)
    ).rows[0]?.name;
    await dropDatabases(process.env.TEST_DATABASE_URL ?? '', (candidate) => candidate === name);
  } else {
    // The embedded database is a file handle inside the process; closing it is its outage.
    await app.deps.db.destroy();
  }
}

describe('GET /api/health', () => {
  test('answers 200 and says the database is connected', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'connected' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('answers 503 when the database does not answer', async ({ testApp }) => {
    await stopDatabase(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });
});
