import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-app.ts';

// On PostgreSQL, the lone reads of all requests share a few pipelined connections (decision
// 0063): many are on the wire at once, on one connection, each waiting for its own answer. These
// are what a request would notice if that went wrong: another request's answer, an error that
// spills onto its neighbours, a transaction that does not see its own writes, a lost connection
// that stays lost.

const opened: { database: TestDatabase; destroy: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const { database, destroy } of opened.splice(0)) {
    await destroy();
    await database.remove();
  }
});

async function openTestDatabase() {
  const database = await createTestDatabase();
  const { db } = database.open();
  opened.push({ database, destroy: () => db.destroy() });
  return { database, db };
}

test('a burst of parallel reads each gets its own answer', async () => {
  const { db } = await openTestDatabase();
  const reads = Array.from({ length: 400 }, (_, index) =>
    db.selectNoFrom((eb) => eb.val(`read ${index}`).as('label')).executeTakeFirstOrThrow(),
  );
  const answers = await Promise.all(reads);
  expect(answers.map(({ label }) => label)).toEqual(
    Array.from({ length: 400 }, (_, index) => `read ${index}`),
  );
});

test('a read that fails fails alone: the reads sent beside it are answered', async () => {
  const { db } = await openTestDatabase();
  const reads = Array.from({ length: 60 }, (_, index) =>
    index % 10 === 3
      ? db
          .selectFrom('users')
          .select(sql<number>`no_such_column`.as('value'))
          .execute()
      : db.selectNoFrom((eb) => eb.val(`read ${index}`).as('value')).executeTakeFirstOrThrow(),
  );
  const settled = await Promise.allSettled(reads);
  settled.forEach((outcome, index) => {
    if (index % 10 === 3) {
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/no_such_column/);
    } else {
      expect(outcome).toEqual({ status: 'fulfilled', value: { value: `read ${index}` } });
    }
  });
  // The connections that carried the failures still answer.
  const after = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      db.selectNoFrom((eb) => eb.val(`after ${index}`).as('value')).executeTakeFirstOrThrow(),
    ),
  );
  expect(after.map(({ value }) => value)).toEqual(
    Array.from({ length: 20 }, (_, index) => `after ${index}`),
  );
});

test('a read inside a transaction sees its writes; a read outside sees them once committed', async () => {
  const { db } = await openTestDatabase();
  const readNote = (executor: typeof db) =>
    executor
      .selectFrom('users')
      .select('firstName')
      .where('username', '=', 'shared-reads')
      .executeTakeFirst();
  const now = new Date().toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username: 'shared-reads',
        email: 'shared-reads@example.com',
        firstName: 'Inside',
        passwordHash: 'not a hash',
        isAdmin: false,
        preferredLanguage: 'en',
        usernameSkeleton: 'shared-reads',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect(await readNote(transaction)).toEqual({ firstName: 'Inside' });
  });
  expect(await readNote(db)).toEqual({ firstName: 'Inside' });
});

test('after the database ends every connection, the next reads are answered', async () => {
  const { database, db } = await openTestDatabase();
  const read = () => db.selectNoFrom((eb) => eb.val('answered').as('state')).executeTakeFirst();
  await Promise.all(Array.from({ length: 20 }, read));
  if (database.dialect === 'postgres') {
    // What a restart of PostgreSQL (or an administrator) does to the process's connections.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    // The reads in flight when a connection ends fail with it; wait until the process has seen
    // each one go (its socket closes a moment later).
    await new Promise((resolve) => setTimeout(resolve, 300));
  } else {
    // The embedded database has no connection to lose: its reads simply go on.
  }
  const answers = await Promise.all(Array.from({ length: 20 }, read));
  expect(answers).toEqual(Array.from({ length: 20 }, () => ({ state: 'answered' })));
});

test("a read after a transaction is not run inside the next request's transaction", async () => {
  const { database, db } = await openTestDatabase();
  const readUser = (username: string) =>
    db.selectFrom('users').select('firstName').where('username', '=', username).executeTakeFirst();
  const insertUser = (executor: typeof db, username: string) => {
    const now = new Date().toISOString();
    return executor
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username,
        email: `${username}@example.com`,
        firstName: username,
        passwordHash: 'not a hash',
        isAdmin: false,
        preferredLanguage: 'en',
        usernameSkeleton: username,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  };
  // The connections Kysely is given are used again once given back (decision 0080): one that
  // began a transaction must not keep that transaction's pool connection for the reads after it.
  for (let round = 0; round < 5; round += 1) {
    await db.transaction().execute((transaction) => insertUser(transaction, `committed-${round}`));
    await db.transaction().execute(async (transaction) => {
      await insertUser(transaction, `pending-${round}`);
      if (database.dialect === 'postgres') {
        // Read from outside, while the transaction is open: it must not see the pending row.
        const outside = await Promise.all(
          Array.from({ length: 10 }, () => readUser(`pending-${round}`)),
        );
        expect(outside).toEqual(Array.from({ length: 10 }, () => undefined));
      } else {
        // SQLite's one connection runs a read from outside after the transaction, not beside it.
      }
    });
    expect(await readUser(`committed-${round}`)).toEqual({ firstName: `committed-${round}` });
    expect(await readUser(`pending-${round}`)).toEqual({ firstName: `pending-${round}` });
  }
});
