import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { expect, test } from 'vitest';
import type { Database } from './schema.ts';
import { isLoneRead } from './shared-reads.ts';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

// Only a read that takes no lock and writes nothing may share a connection with other requests'
// reads: a locking read outside a transaction would hold its rows for everyone behind it.
test('plain selects, with subqueries and read-only common table expressions, are lone reads', () => {
  const plain = db.selectFrom('users').select('id').where('id', '=', 'someone');
  expect(isLoneRead(plain.toOperationNode())).toBe(true);
  const withRead = db
    .with('admins', (w) => w.selectFrom('users').select('id').where('isAdmin', '=', true))
    .selectFrom('admins')
    .select('id');
  expect(isLoneRead(withRead.toOperationNode())).toBe(true);
});

test('locking reads, writes inside a with, writes and raw SQL are not lone reads', () => {
  const locking = db.selectFrom('users').select('id').forUpdate();
  expect(isLoneRead(locking.toOperationNode())).toBe(false);
  const skipping = db.selectFrom('users').select('id').forUpdate().skipLocked();
  expect(isLoneRead(skipping.toOperationNode())).toBe(false);
  const writingWith = db
    .with('gone', (w) => w.deleteFrom('sessions').returning('sid'))
    .selectFrom('gone')
    .select('sid');
  expect(isLoneRead(writingWith.toOperationNode())).toBe(false);
  const update = db.updateTable('users').set({ firstName: 'x' });
  expect(isLoneRead(update.toOperationNode())).toBe(false);
  expect(isLoneRead(sql`select 1`.toOperationNode())).toBe(false);
});
