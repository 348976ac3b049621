import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { checkPostgresTool } from './database-copy.ts';

const installed = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(installed)('the PostgreSQL client tools', () => {
  test('are refused, with what to install, when older than the server', async () => {
    await expect(checkPostgresTool('pg_dump', 990_004)).rejects.toThrow(
      /pg_dump [\d.]+ is older than the PostgreSQL server \(99\): install the client tools of version 99 or newer/,
    );
    await expect(checkPostgresTool('pg_restore', 120_000)).resolves.toMatch(/^\d+/);
  });
});
