import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { MyTaskDetail, UnfinishedUploadList } from '../../src/domain/tasks.ts';
import type { Db } from '../../src/server/db/database.ts';
import { sweepResumableUploads } from '../../src/server/modules/tasks/resumable-uploads/service.ts';
import { storageDir } from '../../src/server/storage/storage.ts';
import { storedFiles } from '../support/applications.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { formBody, mp4Bytes, pngBytes } from '../support/files.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Resumable uploads over tus 1.0 at /api/uploads, over real HTTP: the same rules as the multipart
 * call, a connection cut midway that resumes where the bytes stopped, and unfinished uploads that
 * expire with their bytes.
 */

const maxBytes = 4 * 1024 * 1024;
const day = 24 * 60 * 60 * 1000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A video of `size` bytes: an MP4 opening, then bytes that differ everywhere. */
const video = (size: number) => Buffer.concat([mp4Bytes(64), randomBytes(size - 64)]);

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const idOf = (location: string) => location.split('/').at(-1)!;

/**
 * Maria's video task (at most three files, her part in progress) on a listening app, and the tus
 * calls on it: Maria's by default, or those of Lucas (not assigned) or an administrator. Their
 * sessions are remembered, so they outlast the clock moved by a day.
 */
async function uploadsOn({
  db,
  baseUrl,
  port,
  dataDir,
}: {
  db: Db;
  baseUrl: string;
  port: number;
  dataDir: string;
}) {
  const rememberedCookie = async (user: { id: string }) =>
    (await signIn(db, user, { remember: true })).cookie;
  const maria = await createUser(db, { firstName: 'Maria' });
  const asMaria = await rememberedCookie(maria);
  const asLucas = await rememberedCookie(await createUser(db));
  const asAdmin = await rememberedCookie(await createUser(db, { isAdmin: true }));
  const task = await createTask(db, { contentType: 'video', maxFiles: 3 });
  const taskId = task.id;
  await assignTask(db, { taskId, userId: maria.id, status: 'in_progress' });

  const tusDir = path.join(storageDir(dataDir), 'resumable-uploads');
  const bytesOnDisk = (id: string) => {
    const file = path.join(tusDir, id);
    return fs.existsSync(file) ? fs.statSync(file).size : undefined;
  };

  /** Creates an upload; with `bytes`, sends them in the same request (creation-with-upload). */
  async function create(
    cookie: string | undefined,
    {
      length,
      task = taskId,
      filename = 'clip.mp4',
      bytes,
    }: { length: number; task?: string; filename?: string; bytes?: Buffer },
  ) {
    return fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': metadata({ taskId: task, filename, filetype: 'video/mp4' }),
        ...(bytes ? { 'content-type': 'application/offset+octet-stream' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(bytes ? { body: new Uint8Array(bytes) } : {}),
    });
  }

  /** Creates an upload and answers its address (the Location header). */
  async function started(length: number, cookie = asMaria, task = taskId) {
    const answer = await create(cookie, { length, task });
    expect(answer.status).toBe(201);
    return answer.headers.get('location')!;
  }

  /** `cookie` '' sends none: an anonymous caller. */
  function patch(location: string, offset: number, bytes: Buffer, cookie = asMaria) {
    return fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(cookie ? { cookie } : {}),
      },
      body: new Uint8Array(bytes),
    });
  }

  function head(location: string, cookie = asMaria) {
    return fetch(`${baseUrl}${location}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}) },
    });
  }

  /**
   * Sends the first `sent` bytes of a PATCH that announces all of `bytes`, waits until the server
   * has stored them, then cuts the connection, as a phone losing its network would.
   */
  async function sendThenCut(location: string, bytes: Buffer, sent: number) {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    socket.write(
      [
        `PATCH ${location} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${asMaria}`,
        'Tus-Resumable: 1.0.0',
        'Upload-Offset: 0',
        'Content-Type: application/offset+octet-stream',
        `Content-Length: ${bytes.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(bytes.subarray(0, sent));
    await expect
      .poll(() => bytesOnDisk(idOf(location)), {
        timeout: 10_000,
        message: 'the first half on disk',
      })
      .toBe(sent);
    socket.destroy();
  }

  /** Maria's task as she sees it. */
  async function detail() {
    const answer = await fetch(`${baseUrl}/api/tasks/${taskId}`, { headers: { cookie: asMaria } });
    return (await answer.json()) as MyTaskDetail;
  }

  /** The caller's unfinished uploads of the task (Maria's by default). */
  function unfinished(cookie = asMaria) {
    return fetch(`${baseUrl}/api/tasks/${taskId}/unfinished-uploads`, { headers: { cookie } });
  }

  function discard(id: string, cookie = asMaria) {
    return fetch(`${baseUrl}/api/tasks/${taskId}/unfinished-uploads/${id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
  }

  /** The bytes of a recorded upload, as Maria downloads them. */
  async function downloaded(fileUrl: string) {
    const answer = await fetch(`${baseUrl}${fileUrl}`, { headers: { cookie: asMaria } });
    return Buffer.from(await answer.arrayBuffer());
  }

  return {
    taskId,
    tusDir,
    detail,
    unfinished,
    discard,
    downloaded,
    asMaria,
    asLucas,
    asAdmin,
    bytesOnDisk,
    create,
    started,
    patch,
    head,
    sendThenCut,
    claimsOf: (task: string) =>
      db.selectFrom('taskUploadClaims').selectAll().where('taskId', '=', task).execute(),
    unfinishedClaimsOf: (task: string) =>
      db
        .selectFrom('taskUploadClaims')
        .selectAll()
        .where('taskId', '=', task)
        .where('finishedUploadId', 'is', null)
        .execute(),
    rowsOf: (task: string) =>
      db.selectFrom('taskUploads').selectAll().where('taskId', '=', task).execute(),
  };
}

const test = base.extend('tus', ({ db, baseUrl, port, testApp }) =>
  uploadsOn({ db, baseUrl, port, dataDir: testApp.config.dataDir }),
);
test.override('appEnv', { TASK_UPLOAD_MAX_BYTES: String(maxBytes) });

describe('an upload that survives a dropped connection', () => {
  test('resumes after a cut where the bytes stopped, and the finished file is the task’s', async ({
    baseUrl,
    tus,
  }) => {
    const file = video(1024 * 1024 + 17);
    const half = Math.floor(file.length / 2);
    const location = await tus.started(file.length);
    expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);

    await tus.sendThenCut(location, file, half);
    const after = await tus.head(location);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(half));
    expect(after.headers.get('upload-length')).toBe(String(file.length));
    expect(after.headers.get('tus-resumable')).toBe('1.0.0');

    const finished = await tus.patch(location, half, file.subarray(half));
    expect(finished.status).toBe(200);
    expect(finished.headers.get('upload-offset')).toBe(String(file.length));
    const answered = (await finished.json()) as MyTaskDetail;
    expect(answered.uploads.map((upload) => upload.fileName)).toEqual(['clip.mp4']);

    const task = (await (
      await fetch(`${baseUrl}/api/tasks/${tus.taskId}`, { headers: { cookie: tus.asMaria } })
    ).json()) as MyTaskDetail;
    expect(task.uploads).toHaveLength(1);
    const [upload] = task.uploads;
    expect(upload).toMatchObject({
      fileName: 'clip.mp4',
      fileSize: file.length,
      fileType: 'video/mp4',
    });
    const stored = await fetch(`${baseUrl}${upload!.fileUrl}`, {
      headers: { cookie: tus.asMaria },
    });
    expect(sha256(Buffer.from(await stored.arrayBuffer()))).toBe(sha256(file));

    // Finished: its place under the limit is the file's now, and its temporary bytes are gone;
    // a client asking again (its answer lost) hears that every byte is here.
    expect(await tus.unfinishedClaimsOf(tus.taskId)).toEqual([]);
    expect(tus.bytesOnDisk(idOf(location))).toBeUndefined();
    const again = await tus.head(location);
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-offset')).toBe(String(file.length));
  });

  test('answers an offset that does not continue the upload with 409, keeping what came', async ({
    tus,
  }) => {
    const file = video(64 * 1024);
    const location = await tus.started(file.length);
    expect((await tus.patch(location, 0, file.subarray(0, 1000))).status).toBe(204);
    const conflict = await tus.patch(location, 10, file.subarray(10));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: 'upload.offset_mismatch' });
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('1000');
  });

  test('lets the creator cancel an upload under way, which frees its place', async ({
    baseUrl,
    tus,
  }) => {
    const location = await tus.started(1000);
    const cancelled = await fetch(`${baseUrl}${location}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: tus.asMaria },
    });
    expect(cancelled.status).toBe(204);
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
    expect(tus.bytesOnDisk(idOf(location))).toBeUndefined();
  });
});

describe('who may upload', () => {
  test('asks anonymous callers to sign in, on every tus call', async ({ tus }) => {
    const location = await tus.started(1000);
    for (const answer of [
      await tus.create(undefined, { length: 1000 }),
      await tus.patch(location, 0, Buffer.alloc(10), ''),
    ]) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'auth.sign_in_required' });
    }
    expect((await tus.head(location, '')).status).toBe(401);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('0');
    expect(await tus.claimsOf(tus.taskId)).toHaveLength(1);
  });

  test('refuses someone not assigned (404, as for no task) and administrators (403)', async ({
    tus,
  }) => {
    const stranger = await tus.create(tus.asLucas, { length: 1000 });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'task.not_found' });
    const admin = await tus.create(tus.asAdmin, { length: 1000 });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ code: 'auth.creators_only' });
    const noTask = await tus.create(tus.asMaria, { length: 1000, task: 'no-such-task' });
    expect(noTask.status).toBe(404);
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
  });

  test("does not let another creator see or continue someone's upload", async ({ tus }) => {
    const location = await tus.started(1000);
    expect((await tus.head(location, tus.asLucas)).status).toBe(404);
    const theirs = await tus.patch(location, 0, video(1000), tus.asLucas);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 'upload.resume_not_found' });
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('0');
  });
});

describe('the rules of the multipart call', () => {
  test('checks the kind by the bytes when the upload finishes, leaving nothing behind', async ({
    testApp,
    tus,
  }) => {
    const notAVideo = pngBytes(64, 64, [10, 20, 30]);
    const before = storedFiles(testApp.config.dataDir);
    const location = await tus.started(notAVideo.length);
    const refused = await tus.patch(location, 0, notAVideo);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'task.video_only' });
    expect(await tus.rowsOf(tus.taskId)).toEqual([]);
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toEqual(before);
  });

  test('counts uploads under way towards the file limit, with the multipart call too', async ({
    app,
    tus,
  }) => {
    await tus.started(1000);
    await tus.started(1000);
    const location = await tus.started(2000);
    const fourth = await tus.create(tus.asMaria, { length: 1000 });
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toMatchObject({
      code: 'task.too_many_files',
      message: 'Too many files: you currently have 3 files, and this task takes at most 3.',
    });
    const { payload, headers } = await formBody({}, [
      { field: 'files', file: { name: 'a.mp4', type: 'video/mp4', content: mp4Bytes(2000) } },
    ]);
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/tasks/${tus.taskId}/upload`,
      payload,
      headers: { ...headers, cookie: tus.asMaria },
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toMatchObject({ code: 'task.too_many_files' });
    // Finishing one of them keeps the count: a file takes the upload's place.
    expect((await tus.patch(location, 0, video(2000))).status).toBe(200);
    expect((await tus.create(tus.asMaria, { length: 1000 })).status).toBe(400);
    expect(await tus.rowsOf(tus.taskId)).toHaveLength(1);
    expect(await tus.unfinishedClaimsOf(tus.taskId)).toHaveLength(2);
  });

  test('keeps to the limit when twelve uploads are created at once', async ({ tus }) => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => tus.create(tus.asMaria, { length: 1000 })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(400)]);
    expect(await tus.claimsOf(tus.taskId)).toHaveLength(3);
  });

  test('refuses an upload declared larger than the size limit with 413, and one of no length', async ({
    testApp,
    baseUrl,
    tus,
  }) => {
    const before = storedFiles(testApp.config.dataDir);
    const tooLarge = await tus.create(tus.asMaria, { length: maxBytes + 1 });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      code: 'task.file_too_large',
      message: 'Each file may be at most 4 MB.',
    });
    const deferred = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': metadata({ taskId: tus.taskId, filename: 'clip.mp4' }),
        cookie: tus.asMaria,
      },
    });
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ code: 'upload.length_required' });
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toEqual(before);
  });

  test('refuses a task already submitted, and a finish after it was submitted', async ({
    db,
    tus,
  }) => {
    const location = await tus.started(2000);
    await db
      .updateTable('taskAssignments')
      .set({ status: 'submitted' })
      .where('taskId', '=', tus.taskId)
      .execute();
    const late = await tus.create(tus.asMaria, { length: 1000 });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'task.files_closed' });
    const finish = await tus.patch(location, 0, video(2000));
    expect(finish.status).toBe(409);
    expect(await finish.json()).toMatchObject({ code: 'task.files_closed' });
    expect(await tus.rowsOf(tus.taskId)).toEqual([]);
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
    expect(tus.bytesOnDisk(idOf(location))).toBeUndefined();
  });
});

describe('finishing an upload', () => {
  test('takes a small file whole in the request that creates it: 201 with its offset, recorded once', async ({
    tus,
  }) => {
    const file = video(20_000);
    const created = await tus.create(tus.asMaria, {
      length: file.length,
      filename: 'small.mp4',
      bytes: file,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(file.length));
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);
    const answered = (await created.json()) as MyTaskDetail;
    expect(answered.uploads.map((upload) => upload.fileName)).toEqual(['small.mp4']);

    // A client that missed the answer asks where the upload stands: every byte is here.
    const asked = await tus.head(location);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe(String(file.length));
    const task = await tus.detail();
    expect(task).toMatchObject({ fileCount: 1, unfinishedUploadCount: 0 });
    expect(sha256(await tus.downloaded(task.uploads[0]!.fileUrl))).toBe(sha256(file));
    expect(await tus.rowsOf(tus.taskId)).toHaveLength(1);
    expect(tus.bytesOnDisk(idOf(location))).toBeUndefined();
  });

  test('records the file once when three requests bring its last bytes at once; the others answer the finished state', async ({
    tus,
  }) => {
    const file = video(300_000);
    const last = file.length - 1000;
    const location = await tus.started(file.length);
    expect((await tus.patch(location, 0, file.subarray(0, last))).status).toBe(204);

    const answers = await Promise.all(
      Array.from({ length: 3 }, () => tus.patch(location, last, file.subarray(last))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 204, 204]);
    for (const answer of answers) {
      expect(answer.headers.get('upload-offset')).toBe(String(file.length));
    }
    const { uploads } = await tus.detail();
    expect(uploads).toHaveLength(1);
    expect(sha256(await tus.downloaded(uploads[0]!.fileUrl))).toBe(sha256(file));
    expect(await tus.unfinishedClaimsOf(tus.taskId)).toEqual([]);
    expect(tus.bytesOnDisk(idOf(location))).toBeUndefined();
  });

  test('records an upload whose bytes all arrived but were never recorded once the client asks where it stands', async ({
    tus,
  }) => {
    const file = video(50_000);
    const location = await tus.started(file.length);
    // What a process stopped between storing the last byte and recording the file leaves.
    fs.appendFileSync(path.join(tus.tusDir, idOf(location)), file);

    const asked = await Promise.all([tus.head(location), tus.head(location)]);
    for (const answer of asked) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('upload-offset')).toBe(String(file.length));
    }
    const { uploads } = await tus.detail();
    expect(uploads).toHaveLength(1);
    expect(sha256(await tus.downloaded(uploads[0]!.fileUrl))).toBe(sha256(file));
  });
});

describe('unfinished uploads', () => {
  test('expire after 24 hours, and their bytes are removed', async ({ clock, tus }) => {
    const file = video(10_000);
    const asked = await tus.started(file.length);
    const forgotten = await tus.started(file.length);
    expect((await tus.patch(asked, 0, file.subarray(0, 5000))).status).toBe(204);
    expect((await tus.patch(forgotten, 0, file.subarray(0, 5000))).status).toBe(204);

    clock.advance(day - 60_000);
    expect((await tus.head(asked)).headers.get('upload-offset')).toBe('5000');

    clock.advance(2 * 60_000);
    const expired = await tus.head(asked);
    expect(expired.status).toBe(410);
    expect(tus.bytesOnDisk(idOf(asked))).toBeUndefined();
    const resumed = await tus.patch(asked, 5000, file.subarray(5000));
    expect(resumed.status).toBe(404);
    expect(await resumed.json()).toMatchObject({ code: 'upload.resume_not_found' });

    // Nobody asks after the other one: the next upload created sweeps it away.
    expect(tus.bytesOnDisk(idOf(forgotten))).toBe(5000);
    await tus.started(file.length);
    expect(tus.bytesOnDisk(idOf(forgotten))).toBeUndefined();
    expect(await tus.claimsOf(tus.taskId)).toHaveLength(1);
  });

  test('are listed for their creator with name, size, offset and times, counted in the task, and discarded', async ({
    tus,
  }) => {
    const file = video(10_000);
    const first = await tus.started(file.length);
    expect((await tus.patch(first, 0, file.subarray(0, 4000))).status).toBe(204);
    const second = await tus.started(2000);

    const listed = await tus.unfinished();
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as UnfinishedUploadList;
    expect(items).toEqual([
      {
        id: idOf(first),
        fileName: 'clip.mp4',
        fileSize: file.length,
        offset: 4000,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        uploadUrl: first,
      },
      expect.objectContaining({ id: idOf(second), fileSize: 2000, offset: 0, uploadUrl: second }),
    ]);
    const [oldest] = items;
    expect(Date.parse(oldest!.expiresAt) - Date.parse(oldest!.createdAt)).toBe(day);
    // The count the creator sees is the count the limit holds them to (three files at most).
    expect(await tus.detail()).toMatchObject({ fileCount: 0, unfinishedUploadCount: 2 });
    await tus.started(1000);
    expect(await (await tus.create(tus.asMaria, { length: 1000 })).json()).toMatchObject({
      code: 'task.too_many_files',
      params: { count: 3 },
    });

    // Nobody else sees or discards them: the task is not theirs.
    expect((await tus.unfinished(tus.asLucas)).status).toBe(404);
    const theirs = await tus.discard(idOf(first), tus.asLucas);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 'task.not_found' });

    expect((await tus.discard(idOf(first))).status).toBe(204);
    expect(tus.bytesOnDisk(idOf(first))).toBeUndefined();
    expect((await tus.head(first)).status).toBe(404);
    expect((await tus.discard(idOf(first))).status).toBe(204);
    expect(await tus.detail()).toMatchObject({ unfinishedUploadCount: 2 });
    expect((await tus.started(1000)).length).toBeGreaterThan(0);
  });

  test('can be cancelled when no byte ever reached the store, and give their place back', async ({
    baseUrl,
    tus,
  }) => {
    const cancelled = await tus.started(1000);
    const asked = await tus.started(1000);
    // What a process stopped between claiming an upload and its store's first write leaves.
    for (const location of [cancelled, asked]) {
      fs.rmSync(path.join(tus.tusDir, idOf(location)));
      fs.rmSync(path.join(tus.tusDir, `${idOf(location)}.json`));
    }
    const answer = await fetch(`${baseUrl}${cancelled}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: tus.asMaria },
    });
    expect(answer.status).toBe(204);
    // Asked after, the other one is gone too: it could never go on.
    expect((await tus.head(asked)).status).toBe(404);
    expect(await tus.claimsOf(tus.taskId)).toEqual([]);
    expect(await tus.detail()).toMatchObject({ unfinishedUploadCount: 0 });
  });

  test('that never started stop counting ten minutes after they were created, wherever the count shows or holds', async ({
    app,
    clock,
    tus,
  }) => {
    /** Two or three uploads whose client was lost before its first byte, then ten minutes pass. */
    const lostBeforeTheirFirstByte = async (count: number) => {
      for (let index = 0; index < count; index++) await tus.started(1000);
      clock.advance(11 * 60_000);
    };
    const multipart = async () => {
      const { payload, headers } = await formBody({}, [
        { field: 'files', file: { name: 'a.mp4', type: 'video/mp4', content: mp4Bytes(2000) } },
      ]);
      return app.inject({
        method: 'POST',
        url: `/api/tasks/${tus.taskId}/upload`,
        payload,
        headers: { ...headers, cookie: tus.asMaria },
      });
    };

    // No sweep runs meanwhile: the multipart call gives their places back itself, as a start does.
    await lostBeforeTheirFirstByte(3);
    const sent = await multipart();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ fileCount: 1, unfinishedUploadCount: 0 });

    // The list of unfinished uploads does not offer them.
    await lostBeforeTheirFirstByte(2);
    expect(await (await tus.unfinished()).json()).toEqual({ items: [] });

    // Nor does the task count them: the creator sees two places, and two go.
    await lostBeforeTheirFirstByte(2);
    expect(await tus.detail()).toMatchObject({ fileCount: 1, unfinishedUploadCount: 0 });
    expect(await tus.unfinishedClaimsOf(tus.taskId)).toEqual([]);
    expect((await tus.create(tus.asMaria, { length: 1000 })).status).toBe(201);
    expect((await multipart()).statusCode).toBe(200);
  });

  test('give their place back ten minutes after they were created when no byte has come', async ({
    app,
    clock,
    tus,
  }) => {
    const file = video(3000);
    const underWay = await tus.started(file.length);
    expect((await tus.patch(underWay, 0, file.subarray(0, 1000))).status).toBe(204);
    await tus.started(1000);
    await tus.started(1000);
    expect((await tus.create(tus.asMaria, { length: 1000 })).status).toBe(400);

    clock.advance(9 * 60_000);
    expect(await sweepResumableUploads(app.deps)).toEqual({ expired: 0, unstarted: 0 });
    clock.advance(2 * 60_000);
    expect(await sweepResumableUploads(app.deps)).toEqual({ expired: 0, unstarted: 2 });

    const { items } = (await (await tus.unfinished()).json()) as UnfinishedUploadList;
    expect(items.map((item) => item.uploadUrl)).toEqual([underWay]);
    expect(await tus.detail()).toMatchObject({ unfinishedUploadCount: 1 });
    expect((await tus.create(tus.asMaria, { length: 1000 })).status).toBe(201);
  });
});
