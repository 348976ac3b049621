import { defineConfig } from 'vitest/config';

// Files whose every test needs several server processes on one database: PostgreSQL only (SQLite
// is served by one process, decision 0054), and nginx. The SQLite run, `npm test` on a machine
// with nothing installed, leaves them out rather than list them as skipped.
const postgresOnly = ['tests/api/behind-nginx.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : postgresOnly,
          environment: 'node',
          globalSetup: ['tests/support/database-template.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
