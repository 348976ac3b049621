import { sql } from 'kysely';
import type { Db, Dialect } from './database.ts';

/**
 * Holds the locks named by `keys` until the caller's transaction ends, so that a decision read
 * from the database and the write that follows it are made by one request at a time (decision
 * 0037). `db` must be a transaction: outside one the locks would end with the statement.
 *
 * On PostgreSQL each key is a transaction-level advisory lock on its hash, taken in sorted order,
 * so two requests wanting the same keys queue instead of deadlocking; different keys do not wait
 * for each other (two keys sharing a hash only wait, they never decide wrongly). SQLite has one
 * writer at a time: a write at the transaction's start takes the database's write lock at once,
 * where a read would let another process write between this transaction's read and its write.
 */
export async function lockKeys(db: Db, dialect: Dialect, keys: readonly string[]): Promise<void> {
  if (!db.isTransaction) throw new Error('lockKeys needs a transaction to hold its locks');
  if (dialect === 'sqlite') {
    await sql`update kysely_migration set name = name where 0 = 1`.execute(db);
    return;
  }
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
  }
}
