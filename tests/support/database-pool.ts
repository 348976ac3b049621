import type { RunnerTestCase, RunnerTestSuite } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

/**
 * The databases of one test file: a fresh one for each test, never reused. Copying the SQLite
 * template takes milliseconds, but cloning the PostgreSQL template or dropping a clone can take
 * most of a second on a busy machine. So on PostgreSQL the next test's clone is made while a test
 * runs, a used one is dropped behind it, and the file waits for both only at its end.
 */
export class DatabasePool {
  private readonly ahead = Boolean(process.env.TEST_DATABASE_URL);
  private next: Promise<TestDatabase> | undefined;
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown;

  /** A fresh database; `empty` skips the migrations. `moreToCome` makes the next one ahead. */
  async take(options: { empty?: boolean; moreToCome: boolean }): Promise<TestDatabase> {
    if (options.empty) return createTestDatabase({ empty: true });
    const ready = this.next;
    this.next = undefined;
    const database = await (ready ?? createTestDatabase());
    if (this.ahead && options.moreToCome) {
      this.next = createTestDatabase();
      // A failure surfaces in the test that takes it; until then it is not unhandled.
      this.next.catch(() => {});
    }
    return database;
  }

  /** Removes a used database: at once on SQLite, in the background on PostgreSQL. */
  async release(database: TestDatabase): Promise<void> {
    if (this.ahead) this.inBackground(database.remove());
    else await database.remove();
  }

  /** Waits for the removals under way, and removes a database made ahead that no test took. */
  async close(): Promise<void> {
    const unused = this.next;
    this.next = undefined;
    if (unused) this.inBackground(unused.then((database) => database.remove()));
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }

  private inBackground(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      this.failure ??= error;
    });
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}

/** Whether another test follows this one in its file (a database made ahead would be taken). */
export function testsFollow(test: RunnerTestCase): boolean {
  const tests: RunnerTestCase[] = [];
  const collect = (suite: RunnerTestSuite | RunnerTestCase['file']) => {
    for (const child of suite.tasks) {
      if (child.type === 'suite') collect(child);
      else if (child.type === 'test' && child.mode === 'run') tests.push(child);
    }
  };
  collect(test.file);
  return tests.indexOf(test) < tests.length - 1;
}
