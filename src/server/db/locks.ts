import { sql } from 'kysely';
import type { Db, Dialect } from './database.ts';

/**
 * Holds the locks named by `keys` until the caller's transaction ends, so that a decision read
 * from the database and the write that follows it are made by one request at a time (decision
 * 0037). `db` must be a transaction: outside one the locks would end with the statement.
 *
 * On PostgreSQL each key is a transaction-level advisory lock on its hash, taken in sorted order,
 * so two requests wanting the same keys queue instead of deadlocking; different keys do not wait
 * for each other (two keys sharing a hash only wait, they never decide wrongly). On SQLite every
 * transaction already begins holding the database's one write lock (`BEGIN IMMEDIATE`, in
 * `database.ts`), so no other process can write between this transaction's read and its write.
 */
export async function lockKeys(db: Db, dialect: Dialect, keys: readonly string[]): Promise<void> {
  if (!db.isTransaction) throw new Error('lockKeys needs a transaction to hold its locks');
  if (dialect === 'sqlite') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
  }
}

// Per database (apps sharing a process, as tests do, keep theirs apart): the last caller in line
// under each key, resolved when it has finished.
const linesByDatabase = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Runs `work` once every earlier call in this process naming any of `keys` has finished, in the
 * order the calls came. Requests under one key then wait in memory, not each holding one of the
 * pool's connections while PostgreSQL's lock makes it wait, so a burst on one key leaves the pool
 * to everyone else. A call joins the line of all its keys at once, so no two calls can each wait
 * for the other. Other processes are kept in order by `lockKeys`.
 */
export async function oneAtATime<T>(
  db: Db,
  keys: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  let lines = linesByDatabase.get(db);
  if (!lines) linesByDatabase.set(db, (lines = new Map()));
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const before: Promise<void>[] = [];
  for (const key of new Set(keys)) {
    const previous = lines.get(key);
    if (previous) before.push(previous);
    lines.set(key, finished);
  }
  try {
    await Promise.all(before);
    return await work();
  } finally {
    finish();
    for (const key of keys) if (lines.get(key) === finished) lines.delete(key);
  }
}
