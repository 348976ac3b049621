import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import { openDatabase, type Db } from './database.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function entries(): Promise<Db> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-once-'));
  folders.push(dataDir);
  const { db } = openDatabase({ databaseUrl: undefined, dataDir });
  await sql`create table entries (owner text not null, name text not null)`.execute(db);
  for (const [owner, name] of [
    ['ana', 'a1'],
    ['ana', 'a2'],
    ['bruno', 'b1'],
  ]) {
    await sql`insert into entries values (${owner}, ${name})`.execute(db);
  }
  return db;
}

type Entries = { entries: { owner: string; name: string } };

test('a query compiled once runs with each call’s values, one used twice among them', async () => {
  const db = await entries();
  const ownedWithCount = compiledOnce(
    (db: Db, owner: string, limit: number) =>
      (db as unknown as Kysely<Entries>)
        .selectFrom('entries')
        .select('name')
        .select((eb) =>
          eb
            .selectFrom('entries as mine')
            .select(eb.fn.countAll<number>().as('n'))
            .where('mine.owner', '=', owner)
            .as('count'),
        )
        .where('owner', '=', owner)
        .orderBy('name')
        .limit(limit),
    2,
  );
  expect(await ownedWithCount(db, 'ana', 1)).toEqual([{ name: 'a1', count: 2 }]);
  expect(await ownedWithCount(db, 'bruno', 5)).toEqual([{ name: 'b1', count: 1 }]);
  expect(await ownedWithCount(db, 'ana', 5)).toEqual([
    { name: 'a1', count: 2 },
    { name: 'a2', count: 2 },
  ]);
  await db.destroy();
});

test('a query that changes a value on its way in is refused, not run with a stand-in', async () => {
  const db = await entries();
  const byOwner = compiledOnce(
    (db: Db, owner: string) =>
      (db as unknown as Kysely<Entries>)
        .selectFrom('entries')
        .select('name')
        .where('owner', '=', owner.toUpperCase()),
    1,
  );
  await expect(byOwner(db, 'ana')).rejects.toThrow('each of its values in as given');
  await db.destroy();
});
