import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { openDatabase, sqliteFilePath } from './database.ts';

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
