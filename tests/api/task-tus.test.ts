import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskDetail } from '../../src/domain/tasks.ts';
import { storageDir } from '../../src/server/storage/storage.ts';
import { storedFiles } from '../support/applications.ts';
import { assignTask, createTask, createUser, type TestUser } from '../support/factories.ts';
import { formBody, mp4Bytes, pngBytes } from '../support/files.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Resumable uploads over tus 1.0 at /api/uploads (issue 11), over real HTTP: the same rules as
 * the multipart call, a connection cut midway that resumes where the bytes stopped, and
 * unfinished uploads that expire with their bytes.
 */

const maxBytes = 4 * 1024 * 1024;
const day = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let baseUrl: string;
let port: number;
let clockOffsetMs = 0;
let maria: TestUser;
let asMaria: string;
let asLucas: string;
let asAdmin: string;
beforeAll(async () => {
  testApp = await createTestApp(
    { TASK_UPLOAD_MAX_BYTES: String(maxBytes) },
    { clock: () => new Date(Date.now() + clockOffsetMs) },
  );
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const db = testApp.app.deps.db;
  maria = await createUser(db, { firstName: 'Maria' });
  // Remembered sessions, so they outlast the clock moved by a day.
  asMaria = (await signIn(db, maria, { remember: true })).cookie;
  asLucas = (await signIn(db, await createUser(db), { remember: true })).cookie;
  asAdmin = (await signIn(db, await createUser(db, { isAdmin: true }), { remember: true })).cookie;
});
afterAll(() => testApp.close());

let taskId: string;
beforeEach(async () => {
  clockOffsetMs = 0;
  const task = await createTask(testApp.app.deps.db, { contentType: 'video', maxFiles: 3 });
  taskId = task.id;
  await assignTask(testApp.app.deps.db, { taskId, userId: maria.id, status: 'in_progress' });
});

const tusDir = () => path.join(storageDir(testApp.config.dataDir), 'resumable-uploads');
const bytesOnDisk = (id: string) => {
  const file = path.join(tusDir(), id);
  return fs.existsSync(file) ? fs.statSync(file).size : undefined;
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A video of `size` bytes: an MP4 opening, then bytes that differ everywhere. */
const video = (size: number) => Buffer.concat([mp4Bytes(64), randomBytes(size - 64)]);

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function create(
  cookie: string | undefined,
  {
    length,
    task = taskId,
    filename = 'clip.mp4',
  }: { length: number; task?: string; filename?: string },
) {
  return fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadata({ taskId: task, filename, filetype: 'video/mp4' }),
      ...(cookie ? { cookie } : {}),
    },
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

const idOf = (location: string) => location.split('/').at(-1)!;
const claimsOf = (task: string) =>
  testApp.app.deps.db
    .selectFrom('taskUploadClaims')
    .selectAll()
    .where('taskId', '=', task)
    .execute();
const rowsOf = (task: string) =>
  testApp.app.deps.db.selectFrom('taskUploads').selectAll().where('taskId', '=', task).execute();

async function waitFor(check: () => boolean, what: string) {
  const until = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
  await waitFor(() => bytesOnDisk(idOf(location)) === sent, 'the first half on disk');
  socket.destroy();
}

describe('an upload that survives a dropped connection', () => {
  it('resumes after a cut where the bytes stopped, and the finished file is the task’s', async () => {
    const file = video(1024 * 1024 + 17);
    const half = Math.floor(file.length / 2);
    const location = await started(file.length);
    expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);

    await sendThenCut(location, file, half);
    const after = await head(location);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(half));
    expect(after.headers.get('upload-length')).toBe(String(file.length));
    expect(after.headers.get('tus-resumable')).toBe('1.0.0');

    const finished = await patch(location, half, file.subarray(half));
    expect(finished.status).toBe(200);
    expect(finished.headers.get('upload-offset')).toBe(String(file.length));
    const answered = (await finished.json()) as MyTaskDetail;
    expect(answered.uploads.map((upload) => upload.fileName)).toEqual(['clip.mp4']);

    const task = (await (
      await fetch(`${baseUrl}/api/tasks/${taskId}`, { headers: { cookie: asMaria } })
    ).json()) as MyTaskDetail;
    expect(task.uploads).toHaveLength(1);
    const [upload] = task.uploads;
    expect(upload).toMatchObject({
      fileName: 'clip.mp4',
      fileSize: file.length,
      fileType: 'video/mp4',
    });
    const stored = await fetch(`${baseUrl}${upload!.fileUrl}`, { headers: { cookie: asMaria } });
    expect(sha256(Buffer.from(await stored.arrayBuffer()))).toBe(sha256(file));

    // Finished: its place under the limit is the file's now, and its temporary bytes are gone.
    expect(await claimsOf(taskId)).toEqual([]);
    expect(bytesOnDisk(idOf(location))).toBeUndefined();
    expect((await head(location)).status).toBe(404);
  });

  it('answers an offset that does not continue the upload with 409, keeping what came', async () => {
    const file = video(64 * 1024);
    const location = await started(file.length);
    expect((await patch(location, 0, file.subarray(0, 1000))).status).toBe(204);
    const conflict = await patch(location, 10, file.subarray(10));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: 'upload.offset_mismatch' });
    expect((await head(location)).headers.get('upload-offset')).toBe('1000');
  });

  it('lets the creator cancel an upload under way, which frees its place', async () => {
    const location = await started(1000);
    const cancelled = await fetch(`${baseUrl}${location}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: asMaria },
    });
    expect(cancelled.status).toBe(204);
    expect(await claimsOf(taskId)).toEqual([]);
    expect(bytesOnDisk(idOf(location))).toBeUndefined();
  });
});

describe('who may upload', () => {
  it('asks anonymous callers to sign in, on every tus call', async () => {
    const location = await started(1000);
    for (const answer of [
      await create(undefined, { length: 1000 }),
      await patch(location, 0, Buffer.alloc(10), ''),
    ]) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'auth.sign_in_required' });
    }
    expect((await head(location, '')).status).toBe(401);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
    expect(await claimsOf(taskId)).toHaveLength(1);
  });

  it('refuses someone not assigned (404, as for no task) and administrators (403)', async () => {
    const stranger = await create(asLucas, { length: 1000 });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'task.not_found' });
    const admin = await create(asAdmin, { length: 1000 });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ code: 'auth.creators_only' });
    const noTask = await create(asMaria, { length: 1000, task: 'no-such-task' });
    expect(noTask.status).toBe(404);
    expect(await claimsOf(taskId)).toEqual([]);
  });

  it("does not let another creator see or continue someone's upload", async () => {
    const location = await started(1000);
    expect((await head(location, asLucas)).status).toBe(404);
    const theirs = await patch(location, 0, video(1000), asLucas);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 'upload.resume_not_found' });
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
  });
});

describe('the rules of the multipart call', () => {
  it('checks the kind by the bytes when the upload finishes, leaving nothing behind', async () => {
    const notAVideo = pngBytes(64, 64, [10, 20, 30]);
    const before = storedFiles(testApp.config.dataDir);
    const location = await started(notAVideo.length);
    const refused = await patch(location, 0, notAVideo);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'task.video_only' });
    expect(await rowsOf(taskId)).toEqual([]);
    expect(await claimsOf(taskId)).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toEqual(before);
  });

  it('counts uploads under way towards the file limit, with the multipart call too', async () => {
    await started(1000);
    await started(1000);
    const location = await started(2000);
    const fourth = await create(asMaria, { length: 1000 });
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toMatchObject({
      code: 'task.too_many_files',
      message: 'You can only have 3 files total. You currently have 3 files.',
    });
    const { payload, headers } = await formBody({}, [
      { field: 'files', file: { name: 'a.mp4', type: 'video/mp4', content: mp4Bytes(2000) } },
    ]);
    const multipart = await testApp.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/upload`,
      payload,
      headers: { ...headers, cookie: asMaria },
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toMatchObject({ code: 'task.too_many_files' });
    // Finishing one of them keeps the count: a file takes the upload's place.
    expect((await patch(location, 0, video(2000))).status).toBe(200);
    expect((await create(asMaria, { length: 1000 })).status).toBe(400);
    expect(await rowsOf(taskId)).toHaveLength(1);
    expect(await claimsOf(taskId)).toHaveLength(2);
  });

  it('keeps to the limit when twelve uploads are created at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => create(asMaria, { length: 1000 })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(400)]);
    expect(await claimsOf(taskId)).toHaveLength(3);
  });

  it('refuses an upload declared larger than the size limit with 413, and one of no length', async () => {
    const before = storedFiles(testApp.config.dataDir);
    const tooLarge = await create(asMaria, { length: maxBytes + 1 });
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
        'upload-metadata': metadata({ taskId, filename: 'clip.mp4' }),
        cookie: asMaria,
      },
    });
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ code: 'upload.length_required' });
    expect(await claimsOf(taskId)).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toEqual(before);
  });

  it('refuses a task already submitted, and a finish after it was submitted', async () => {
    const location = await started(2000);
    await testApp.app.deps.db
      .updateTable('taskAssignments')
      .set({ status: 'submitted' })
      .where('taskId', '=', taskId)
      .execute();
    const late = await create(asMaria, { length: 1000 });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'task.files_closed' });
    const finish = await patch(location, 0, video(2000));
    expect(finish.status).toBe(409);
    expect(await finish.json()).toMatchObject({ code: 'task.files_closed' });
    expect(await rowsOf(taskId)).toEqual([]);
    expect(await claimsOf(taskId)).toEqual([]);
    expect(bytesOnDisk(idOf(location))).toBeUndefined();
  });
});

describe('unfinished uploads', () => {
  it('expire after 24 hours, and their bytes are removed', async () => {
    const file = video(10_000);
    const asked = await started(file.length);
    const forgotten = await started(file.length);
    expect((await patch(asked, 0, file.subarray(0, 5000))).status).toBe(204);
    expect((await patch(forgotten, 0, file.subarray(0, 5000))).status).toBe(204);

    clockOffsetMs = day - 60_000;
    expect((await head(asked)).headers.get('upload-offset')).toBe('5000');

    clockOffsetMs = day + 60_000;
    const expired = await head(asked);
    expect(expired.status).toBe(410);
    expect(bytesOnDisk(idOf(asked))).toBeUndefined();
    const resumed = await patch(asked, 5000, file.subarray(5000));
    expect(resumed.status).toBe(404);
    expect(await resumed.json()).toMatchObject({ code: 'upload.resume_not_found' });

    // Nobody asks after the other one: the next upload created sweeps it away.
    expect(bytesOnDisk(idOf(forgotten))).toBe(5000);
    await started(file.length);
    expect(bytesOnDisk(idOf(forgotten))).toBeUndefined();
    expect(await claimsOf(taskId)).toHaveLength(1);
  });
});
