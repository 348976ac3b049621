import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach } from 'vitest';
import { maxFilesLimit } from '../../src/domain/tasks.ts';
import type { Manifest } from '../../src/server/backups/snapshot-format.ts';
import { listSnapshots } from '../../src/server/backups/snapshot-format.ts';
import { openDatabase, sqliteFilePath } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { applicationFields, pngFile } from '../support/applications.ts';
import {
  emptyTarget,
  envOf,
  lastLine,
  runCli,
  sha256,
  startCli,
  writeStoredFiles,
} from '../support/backups.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { formBody, mp4Bytes, pngBytes } from '../support/files.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { startServerProcess } from '../support/server-process.ts';
import { createSignedInUser } from '../support/sign-in.ts';
import { buildTestApp } from '../support/test-app.ts';

const errorLines: string[] = [];
test.override('appEnv', { TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
test.override('appOptions', { logStream: { write: (line: string) => void errorLines.push(line) } });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A write the app acknowledged: what it was, and when it was sent and answered. */
interface Ack<T> {
  sentAt: number;
  ackAt: number;
  value: T;
}

/** An MP4 of `size` bytes whose media data is random, so every file has its own checksum. */
function randomVideo(size: number): Buffer {
  const video = mp4Bytes(size);
  const random = Buffer.from(
    Array.from({ length: size - 64 }, () => Math.floor(Math.random() * 256)),
  );
  random.copy(video, 64);
  return video;
}

async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) body = new Uint8Array(options.body);
  return fetch(`${baseUrl}${url}`, { method, headers, body });
}

describe('npm run backup and npm run restore', () => {
  test('a snapshot taken under writes holds every write acknowledged before it began, and the app starts on its restore', async ({
    app,
    baseUrl,
    database,
  }) => {
    const db = app.deps.db;
    const admin = await createSignedInUser(app, { isAdmin: true, username: 'backup_admin' });
    const creators = await Promise.all(
      Array.from({ length: 3 }, (_, n) => createUser(db, { username: `backup_creator_${n}` })),
    );
    // A task takes 100 files from each creator; a slow backup sees more uploads than one holds.
    const tasks = await Promise.all(
      Array.from({ length: 10 }, () => createTask(db, { maxFiles: maxFilesLimit.max })),
    );
    const uploaders = await Promise.all(
      creators.map(async (creator) => {
        for (const task of tasks) await assignTask(db, { taskId: task.id, userId: creator.id });
        const answer = await call(baseUrl, 'POST', '/api/auth/login', {
          json: { username: creator.username, password: creator.password },
        });
        expect(answer.status).toBe(200);
        return { creator, cookie: answer.headers.getSetCookie()[0]!.split(';')[0]! };
      }),
    );
    // Enough stored bytes for the backup to take a while.
    writeStoredFiles(database.dataDir, 'bulk', 24, 1024 * 1024);

    const sessions: Ack<{ cookie: string; userId: string }>[] = [];
    const uploads: Ack<{ id: string; sha256: string }>[] = [];
    const applications: Ack<{ id: string; sha256: string }>[] = [];
    const pay: Ack<{ id: string; amount: string }>[] = [];
    let stop = false;
    const lanes = [
      // Sign-ins.
      async () => {
        for (let n = 0; !stop; n++) {
          const creator = creators[n % creators.length]!;
          const sentAt = Date.now();
          const answer = await call(baseUrl, 'POST', '/api/auth/login', {
            json: { username: creator.username, password: creator.password },
          });
          expect(answer.status).toBe(200);
          const cookie = answer.headers.getSetCookie()[0]!.split(';')[0]!;
          sessions.push({ sentAt, ackAt: Date.now(), value: { cookie, userId: creator.id } });
        }
      },
      // Task uploads.
      async () => {
        for (let n = 0; !stop; n++) {
          const { cookie } = uploaders[n % uploaders.length]!;
          const task = tasks[Math.floor(n / (uploaders.length * maxFilesLimit.max))]!;
          const content = randomVideo(40_000 + n);
          const { payload, headers } = await formBody({}, [
            { field: 'files', file: { name: `clip-${n}.mp4`, type: 'video/mp4', content } },
          ]);
          const sentAt = Date.now();
          const answer = await call(baseUrl, 'POST', `/api/tasks/${task.id}/upload`, {
            cookie,
            body: payload,
            headers,
          });
          expect(answer.status, await answer.clone().text()).toBe(200);
          const detail = (await answer.json()) as { uploads: { id: string; fileName: string }[] };
          const id = detail.uploads.find((upload) => upload.fileName === `clip-${n}.mp4`)!.id;
          uploads.push({ sentAt, ackAt: Date.now(), value: { id, sha256: sha256(content) } });
        }
      },
      // Applications with their ID documents (encrypted at rest).
      async () => {
        for (let n = 0; !stop; n++) {
          const content = pngBytes(32 + (n % 40), 24, [n % 256, 90, 140]);
          const { payload, headers } = await formBody(
            applicationFields({ email: `applicant_${n}@example.com` }),
            [{ field: 'idDocument', file: pngFile(content) }],
          );
          const sentAt = Date.now();
          const answer = await call(baseUrl, 'POST', '/api/applications-v2', {
            body: payload,
            headers: { ...headers, 'x-forwarded-for': `198.51.100.${(n % 250) + 1}` },
          });
          expect(answer.status).toBe(201);
          const { id } = (await answer.json()) as { id: string };
          applications.push({ sentAt, ackAt: Date.now(), value: { id, sha256: sha256(content) } });
        }
      },
      // Pay: new entries, and changes to the first one.
      async () => {
        let first: string | undefined;
        for (let n = 0; !stop; n++) {
          const sentAt = Date.now();
          // A new entry takes a month of a year the spec allows (up to 2100); a slow machine
          // writing for long uses them all up and goes on with changes.
          const year = 2030 + Math.floor(n / 36);
          if (first && (n % 2 === 1 || year > 2100)) {
            const amount = `${1000 + n}.50`;
            const answer = await call(baseUrl, 'PUT', `/api/admin/compensations/${first}`, {
              cookie: admin.cookie,
              json: { amount, notes: `change ${n}` },
            });
            expect(answer.status).toBe(200);
            pay.push({ sentAt, ackAt: Date.now(), value: { id: first, amount } });
            continue;
          }
          const amount = `${2000 + n}.25`;
          const answer = await call(baseUrl, 'POST', '/api/admin/compensations', {
            cookie: admin.cookie,
            json: {
              userId: creators[n % creators.length]!.id,
              month: (Math.floor(n / 3) % 12) + 1,
              year,
              amount,
              notes: `entry ${n}`,
            },
          });
          expect(answer.status, errorLines.join('\n')).toBe(201);
          const { id } = (await answer.json()) as { id: string };
          first ??= id;
          pay.push({ sentAt, ackAt: Date.now(), value: { id, amount } });
        }
      },
    ];
    const writing = Promise.all(lanes.map((lane) => lane()));
    await expect.poll(() => uploads.length > 2 && pay.length > 2, { timeout: 15_000 }).toBe(true);

    const began = Date.now();
    const backup = await runCli('backup', [], envOf(database));
    const ended = Date.now();
    stop = true;
    await writing;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const snapshot = lastLine(backup.stdout);
    expect(path.basename(snapshot)).toMatch(/^backup-\d{8}T\d{9}Z$/);
    // The app kept writing while the backup ran.
    const during = [...sessions, ...uploads, ...applications, ...pay].filter(
      (write) => write.ackAt > began && write.sentAt < ended,
    );
    expect(during.length).toBeGreaterThan(0);

    const target = await emptyTarget(os.tmpdir());
    cleanups.push(target.remove);
    const restore = await runCli('restore', [snapshot], envOf(target));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    // Every stored file restored as the manifest says, byte for byte.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(snapshot, 'manifest.json'), 'utf8'),
    ) as Manifest;
    const storedFiles = manifest.files.filter((file) => file.path.startsWith('files/storage/'));
    expect(storedFiles.length).toBeGreaterThanOrEqual(24 + uploads.length / 2);
    for (const file of storedFiles) {
      const restored = path.join(
        target.dataDir,
        'storage',
        file.path.slice('files/storage/'.length),
      );
      expect(sha256(fs.readFileSync(restored)), file.path).toBe(file.sha256);
    }
    if (!target.databaseUrl) {
      const restored = new SqliteDatabase(sqliteFilePath(target.dataDir), { readonly: true });
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      restored.close();
    }

    const server = startServerProcess(envOf(target));
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const port = await server.listening;
    const restoredUrl = `http://127.0.0.1:${port}`;
    const before = <T>(writes: Ack<T>[]) => writes.filter((write) => write.ackAt < began);

    // Every account and every session acknowledged before the snapshot began.
    expect(
      (await call(restoredUrl, 'GET', '/api/auth/user', { cookie: admin.cookie })).status,
    ).toBe(200);
    for (const { value } of before(sessions)) {
      const answer = await call(restoredUrl, 'GET', '/api/auth/user', { cookie: value.cookie });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { id: string }).id).toBe(value.userId);
    }
    // Every task file, byte for byte.
    for (const { value } of before(uploads)) {
      const answer = await call(restoredUrl, 'GET', `/objects/tasks/${value.id}`, {
        cookie: admin.cookie,
      });
      expect(answer.status).toBe(200);
      expect(sha256(Buffer.from(await answer.arrayBuffer()))).toBe(value.sha256);
    }
    // Every ID document, decrypted with the key the snapshot carried.
    for (const { value } of before(applications)) {
      const detail = await call(restoredUrl, 'GET', `/api/admin/applications-v2/${value.id}`, {
        cookie: admin.cookie,
      });
      expect(detail.status).toBe(200);
      const { documentImageUrl } = (await detail.json()) as { documentImageUrl: string };
      const document = await call(restoredUrl, 'GET', documentImageUrl, { cookie: admin.cookie });
      expect(document.status).toBe(200);
      expect(sha256(Buffer.from(await document.arrayBuffer()))).toBe(value.sha256);
    }
    // Every pay entry, at its last acknowledged amount or one set after it.
    const entries = new Map<string, string>();
    for (const creator of creators) {
      const answer = await call(restoredUrl, 'GET', `/api/admin/compensations/user/${creator.id}`, {
        cookie: admin.cookie,
      });
      expect(answer.status).toBe(200);
      const list = (await answer.json()) as { id: string; amount: string }[];
      for (const entry of list) entries.set(entry.id, entry.amount);
    }
    const ids = new Set(before(pay).map((write) => write.value.id));
    for (const id of ids) {
      const writes = pay.filter((write) => write.value.id === id);
      const lastBefore = writes.findLastIndex((write) => write.ackAt < began);
      const possible = writes.slice(lastBefore).map((write) => Number(write.value.amount));
      expect(possible, id).toContain(Number(entries.get(id)));
    }
    expect(before(sessions).length).toBeGreaterThan(0);
    expect(before(uploads).length).toBeGreaterThan(0);
    expect(before(applications).length).toBeGreaterThan(0);
    expect(ids.size).toBeGreaterThan(0);
    // It reads back every write acknowledged before the backup, and a busy machine writes more
    // of them while it waits: 105–121 s in runs beside other work, so two minutes was too tight.
  }, 300_000);

  test('a backup killed half-way leaves nothing taken for a snapshot, and the next one succeeds', async ({
    database,
  }) => {
    writeStoredFiles(database.dataDir, 'bulk', 60, 2 * 1024 * 1024);
    const backups = path.join(database.dataDir, 'backups');
    const { child, done } = startCli('backup', [], envOf(database));
    // Half-way: stored files are being copied into the unfinished snapshot.
    await expect
      .poll(
        () => {
          const partial = fs.existsSync(backups)
            ? fs.readdirSync(backups).find((name) => name.startsWith('.partial-'))
            : undefined;
          const bulk = partial && path.join(backups, partial, 'files/storage/bulk');
          return bulk !== undefined && fs.existsSync(bulk) && fs.readdirSync(bulk).length >= 2;
        },
        { timeout: 30_000, interval: 5 },
      )
      .toBe(true);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    const left = fs.readdirSync(backups);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.partial-backup-/);
    expect(await listSnapshots(backups)).toEqual([]);
    // Restoring what it left is refused.
    const target = await emptyTarget(os.tmpdir());
    cleanups.push(target.remove);
    const refused = await runCli('restore', [path.join(backups, left[0]!)], envOf(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a finished snapshot');

    const next = await runCli('backup', [], envOf(database));
    expect(next.code).toBe(0);
    const snapshots = await listSnapshots(backups);
    expect(snapshots.map((snapshot) => snapshot.path)).toEqual([lastLine(next.stdout)]);
    // The abandoned partial folder is gone.
    expect(fs.readdirSync(backups)).toEqual([snapshots[0]!.name]);
    const restored = await runCli('restore', [snapshots[0]!.path], envOf(target));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
  }, 120_000);

  test('restore refuses a snapshot with one byte changed, and names the file', async ({
    app,
    database,
  }) => {
    await createUser(app.deps.db);
    writeStoredFiles(database.dataDir, 'tasks', 3, 4096);
    const backup = await runCli('backup', [], envOf(database));
    expect(backup.code).toBe(0);
    const snapshot = lastLine(backup.stdout);
    const damaged = path.join(snapshot, 'files/storage/tasks/file-1.bin');
    const bytes = fs.readFileSync(damaged);
    bytes[100] = bytes[100]! ^ 0xff;
    fs.writeFileSync(damaged, bytes);

    const target = await emptyTarget(os.tmpdir());
    cleanups.push(target.remove);
    const refused = await runCli('restore', [snapshot], envOf(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('files/storage/tasks/file-1.bin');
    expect(refused.stderr).toContain('checksum');
    expect(fs.existsSync(target.dataDir)).toBe(false);

    // The database file too.
    fs.writeFileSync(
      damaged,
      Buffer.from(bytes.map((byte, n) => (n === 100 ? byte ^ 0xff : byte))),
    );
    const databaseFile = path.join(
      snapshot,
      database.databaseUrl ? 'database/postgres.dump' : 'database/app.db',
    );
    const content = fs.readFileSync(databaseFile);
    content[content.length - 10] = content[content.length - 10]! ^ 0x01;
    fs.writeFileSync(databaseFile, content);
    const again = await runCli('restore', [snapshot], envOf(target));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      database.databaseUrl ? 'database/postgres.dump' : 'database/app.db',
    );
    expect(again.stderr).not.toContain('files/storage/tasks/file-1.bin');
  }, 60_000);

  test('restore refuses a target that is not empty, and a backup names a failure', async ({
    app,
    database,
  }) => {
    await createUser(app.deps.db);
    const backup = await runCli('backup', [], envOf(database));
    expect(backup.code).toBe(0);
    const snapshot = lastLine(backup.stdout);

    // Into the folder it came from: not empty.
    const refused = await runCli('restore', [snapshot], envOf(database));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty/);

    // A backup that cannot write its snapshot exits non-zero with a message.
    const blocked = path.join(database.dataDir, 'not-a-folder');
    fs.writeFileSync(blocked, 'x');
    const failed = await runCli('backup', [], { ...envOf(database), BACKUP_DIR: blocked });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^The backup failed: /);
  }, 60_000);
});

describe('a backup pointed at the wrong place', () => {
  test('says that no database is there and creates nothing', async ({ database }) => {
    const target = await emptyTarget(path.dirname(database.dataDir));
    try {
      const failed = await runCli('backup', [], envOf(target));
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        target.databaseUrl
          ? /^The backup failed: The database DATABASE_URL names holds none of the app's tables/
          : /^The backup failed: DATA_DIR \(.+\) holds no database to back up/,
      );
      expect(fs.existsSync(target.dataDir)).toBe(false);
    } finally {
      await target.remove();
    }
  });
});

describe('PostgreSQL client tools', () => {
  test('a backup refuses clearly when pg_dump is missing', async ({ database }) => {
    if (!database.databaseUrl) return;
    const failed = await runCli('backup', [], { ...envOf(database), PATH: '/nonexistent' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('pg_dump was not found');
    expect(failed.stderr).toContain('postgresql-client');
  });
});

describe('a snapshot from an older schema', () => {
  test.override('emptyDatabase', true);

  test('is restored as it was, and the server migrates it when it starts', async ({
    handle,
    database,
  }) => {
    await migrateToLatest(handle, '0043-mail-outbox');
    const user = await createUser(handle.db, { username: 'older_schema' });
    await handle.db.destroy();
    const backup = await runCli('backup', [], envOf(database));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(lastLine(backup.stdout), 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest.schemaVersion).toBe('0043-mail-outbox');
    expect(manifest.counts.users).toBe(1);

    const target = await emptyTarget(os.tmpdir());
    cleanups.push(target.remove);
    const restore = await runCli('restore', [lastLine(backup.stdout)], envOf(target));
    expect(restore.code).toBe(0);
    const restored = await buildTestApp({
      ...target,
      dialect: target.databaseUrl ? 'postgres' : 'sqlite',
      open: () => openDatabase(target),
    });
    try {
      const migrations = await restored.app.deps.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations.map((row) => (row as { name: string }).name)).toContain('0051-backup-runs');
      const found = await restored.app.deps.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(found?.username).toBe('older_schema');
    } finally {
      await restored.close();
    }
  }, 60_000);
});

describe('the key of the ID documents from the environment', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  test.override('appEnv', { DOCUMENT_ENCRYPTION_KEY: key });

  test('is not in the snapshot; a restore without it warns, and one with another key is refused', async ({
    app,
    database,
  }) => {
    await createUser(app.deps.db);
    const backup = await runCli('backup', [], { ...envOf(database), DOCUMENT_ENCRYPTION_KEY: key });
    expect(backup.code).toBe(0);
    const snapshot = lastLine(backup.stdout);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(snapshot, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest.documentKey).toBe('environment');
    expect(manifest.files.map((file) => file.path)).not.toContain('files/document-encryption.key');
    expect(JSON.stringify(manifest)).not.toContain(key);

    const wrong = await emptyTarget(os.tmpdir());
    cleanups.push(wrong.remove);
    const refused = await runCli('restore', [snapshot], {
      ...envOf(wrong),
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not the key');

    const without = await emptyTarget(os.tmpdir());
    cleanups.push(without.remove);
    const warned = await runCli('restore', [snapshot], envOf(without));
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('Warning: DOCUMENT_ENCRYPTION_KEY is not set');
  }, 60_000);
});
