import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { createTestDatabase } from '../support/test-app.ts';

// Each database keeps the statements it has run (prepared once, then only bound and run): a
// table changed meanwhile, as a newer release's migration changes it under a running process,
// must still be read as it now is, in every form of the same text.
test('a statement run again after its table changed reads the table as it now is', async () => {
  const database = await createTestDatabase({ empty: true });
  const { db } = database.open();
  try {
    await sql`create table entries (id integer primary key, name text not null)`.execute(db);
    await sql`insert into entries values (${1}, ${'first'})`.execute(db);
    const entry = (id: number) => sql`select * from entries where id = ${id}`.execute(db);
    for (let run = 0; run < 6; run += 1) {
      expect((await entry(1)).rows).toEqual([{ id: 1, name: 'first' }]);
    }

    await sql`alter table entries add column note text`.execute(db);
    await sql`update entries set note = ${'added'} where id = ${1}`.execute(db);
    expect((await entry(1)).rows).toEqual([{ id: 1, name: 'first', note: 'added' }]);
    expect((await entry(1)).rows).toEqual([{ id: 1, name: 'first', note: 'added' }]);
    expect((await entry(2)).rows).toEqual([]);

    // The same columns in another order, as a table rebuilt by a migration has them.
    await sql`create table entries_rebuilt (note text, name text not null, id integer primary key)`.execute(
      db,
    );
    await sql`insert into entries_rebuilt select note, name, id from entries`.execute(db);
    await sql`drop table entries`.execute(db);
    await sql`alter table entries_rebuilt rename to entries`.execute(db);
    expect((await entry(1)).rows).toEqual([{ note: 'added', name: 'first', id: 1 }]);
    expect(Object.keys((await entry(1)).rows[0]!)).toEqual(['note', 'name', 'id']);
  } finally {
    await db.destroy();
    await database.remove();
  }
});

// Each database's connection makes its rows with the application's names (camelCase) at once;
// a row it leaves with the database's names (on PostgreSQL, one with json) is renamed on its way
// out, json's keys included.
test("rows carry the application's names, read alone or in a transaction, and a column's name is only ever a name", async () => {
  const database = await createTestDatabase({ empty: true });
  const { db, dialect } = database.open();
  try {
    await sql`create table people (first_name text, list_total integer, "x""]; throw new Error(); //" integer)`.execute(
      db,
    );
    await sql`insert into people values (${'Ana'}, ${3}, ${7})`.execute(db);
    const expected = [{ firstName: 'Ana', listTotal: 3, 'x"]; throw new Error(); //': 7 }];
    const everyone = db.selectFrom('people' as never).selectAll();
    expect(await everyone.execute()).toEqual(expected);
    expect((await sql`select * from people`.execute(db)).rows).toEqual(expected);
    expect(
      await db.transaction().execute((transaction) =>
        transaction
          .selectFrom('people' as never)
          .selectAll()
          .execute(),
      ),
    ).toEqual(expected);

    const withJson =
      dialect === 'postgres'
        ? sql`select first_name, json_build_object('list_total', list_total) as more_data from people`
        : sql`select first_name, json_object('list_total', list_total) as more_data from people`;
    const [row] = (await withJson.execute(db)).rows as { firstName: string; moreData: unknown }[];
    expect(row?.firstName).toBe('Ana');
    // SQLite's json is text, read as it is; PostgreSQL's is read into an object.
    expect(dialect === 'postgres' ? row?.moreData : JSON.parse(String(row?.moreData))).toEqual(
      dialect === 'postgres' ? { listTotal: 3 } : { list_total: 3 },
    );
  } finally {
    await db.destroy();
    await database.remove();
  }
});
