import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { isoTimestamp, openDatabase, sqliteFilePath } from './database.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

// The backup command is such a process: it writes its run's row into the server's SQLite file.
test('on SQLite, a transaction that read before another process wrote still commits its own write', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-writers-'));
  folders.push(dataDir);
  const { db } = openDatabase({ databaseUrl: undefined, dataDir });
  await sql`create table entries (writer text not null)`.execute(db);

  const committed = await db.transaction().execute(async (transaction) => {
    await sql`select count(*) from entries`.execute(transaction);
    const otherProcess = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require('better-sqlite3');
         const database = new Database(process.argv[1]);
         database.pragma('busy_timeout = 5000');
         database.prepare("insert into entries values ('other process')").run();`,
        sqliteFilePath(dataDir),
      ],
      { stdio: 'inherit' },
    );
    const exited = once(otherProcess, 'exit');
    // Without the write lock taken at the start, the other process writes now, and this
    // transaction's write below fails at once with SQLITE_BUSY_SNAPSHOT. With it, the other waits.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1500))]);
    await sql`insert into entries values ('this transaction')`.execute(transaction);
    return { exited };
  });
  const [exitCode] = await committed.exited;

  expect(exitCode).toBe(0);
  const { rows } = await sql<{ writer: string }>`select writer from entries`.execute(db);
  expect(rows.map((row) => row.writer).sort()).toEqual(['other process', 'this transaction']);
  await db.destroy();
});

test("PostgreSQL's timestamps read as the ISO text SQLite keeps, in any form the server sends", () => {
  const sent = [
    '2026-11-27 22:05:06.123456+00',
    '2026-11-27 22:05:06.1+00',
    '2026-11-27 22:05:06.999999+00',
    '2026-11-27 22:05:06+00',
    '1999-01-01 00:00:00.000001+00',
    '2026-11-27 23:05:06.5+01',
    '2026-11-27 16:35:06.25+05:30',
  ];
  for (const value of sent) expect(isoTimestamp(value)).toBe(new Date(value).toISOString());
  expect(isoTimestamp('2026-11-27 22:05:06.123456+00')).toBe('2026-11-27T22:05:06.123Z');
  expect(isoTimestamp('2026-11-27 23:05:06.5+01')).toBe('2026-11-27T22:05:06.500Z');
});

test('on SQLite, a statement prepared once answers each time with its own values', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-statements-'));
  folders.push(dataDir);
  const { db } = openDatabase({ databaseUrl: undefined, dataDir });
  await sql`create table entries (name text not null, flag integer not null)`.execute(db);
  for (const [name, flag] of [
    ['one', true],
    ['two', false],
  ] as const) {
    await sql`insert into entries values (${name}, ${flag})`.execute(db);
  }
  const named = (flag: boolean) =>
    sql<{ name: string }>`select name from entries where flag = ${flag}`.execute(db);
  expect((await named(true)).rows).toEqual([{ name: 'one' }]);
  expect((await named(false)).rows).toEqual([{ name: 'two' }]);
  // The same text streamed, then read whole again.
  const everyName = db.selectFrom('entries' as never).select('name' as never);
  expect(await everyName.execute()).toEqual([{ name: 'one' }, { name: 'two' }]);
  const streamed: unknown[] = [];
  for await (const row of everyName.stream()) streamed.push(row);
  expect(streamed).toEqual([{ name: 'one' }, { name: 'two' }]);
  expect(await everyName.execute()).toEqual([{ name: 'one' }, { name: 'two' }]);
  await db.destroy();
});

test("on SQLite, rows carry the application's names, read whole or streamed, and a column's name is only ever a name", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-names-'));
  folders.push(dataDir);
  const { db } = openDatabase({ databaseUrl: undefined, dataDir });
  await sql`create table people (first_name text, list_total integer, "x""]; throw new Error(); //" integer)`.execute(
    db,
  );
  await sql`insert into people values ('Ana', 3, 7)`.execute(db);
  const expected = [{ firstName: 'Ana', listTotal: 3, 'x"]; throw new Error(); //': 7 }];
  expect((await sql`select * from people`.execute(db)).rows).toEqual(expected);
  const everyone = db.selectFrom('people' as never).selectAll();
  expect(await everyone.execute()).toEqual(expected);
  const streamed: unknown[] = [];
  for await (const row of everyone.stream()) streamed.push(row);
  expect(streamed).toEqual(expected);
  await db.destroy();
});
