import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import type { MyTaskDetail, MyTaskList } from '../../src/domain/tasks.ts';
import { sweepStrayTaskFiles } from '../../src/server/modules/tasks/stray-files.ts';
import { storageDir } from '../../src/server/storage/storage.ts';
import { storedFiles } from '../support/applications.ts';
import { assignTask, createTask } from '../support/factories.ts';
import {
  formBody,
  jpegBytes,
  mp4Bytes,
  pngBytes,
  textPretendingToBe,
  type SubmittedFile,
} from '../support/files.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, type SignedInClient } from '../support/sign-in.ts';

/** A photo task of at most three files for the creators Maria and Lucas. */
const test = base
  .extend('maria', ({ app }) => createSignedInUser(app, { firstName: 'Maria' }))
  .extend('lucas', ({ app }) => createSignedInUser(app, { firstName: 'Lucas' }))
  .extend('taskId', async ({ db, maria, lucas }) => {
    const task = await createTask(db, { contentType: 'photo', maxFiles: 3 });
    await assignTask(db, { taskId: task.id, userId: maria.user.id });
    await assignTask(db, { taskId: task.id, userId: lucas.user.id });
    return task.id;
  });
// A small per-file limit, so the 413 needs no large body.
test.override('appEnv', { TASK_UPLOAD_MAX_BYTES: String(64 * 1024) });

const photo = (name = 'look.png'): SubmittedFile => ({
  name,
  type: 'image/png',
  content: pngBytes(8, 8, [200, 120, 90]),
});

async function upload(client: SignedInClient, id: string, files: SubmittedFile[]) {
  const { payload, headers } = await formBody(
    {},
    files.map((file) => ({ field: 'files', file })),
  );
  return client.post(`/api/tasks/${id}/upload`, payload, { headers });
}

const detail = async (client: SignedInClient, taskId: string) =>
  (await client.get(`/api/tasks/${taskId}`)).json<MyTaskDetail>();

describe("a creator's own tasks", () => {
  test('lists them at both addresses with counters, and is not for administrators', async ({
    admin,
    maria,
    taskId,
  }) => {
    const list = (await maria.get('/api/tasks')).json<MyTaskList>();
    expect((await maria.get('/api/tasks/my-tasks')).json()).toEqual(list);
    expect(list.items.some((task) => task.id === taskId)).toBe(true);
    expect(list.counters.total).toBe(list.total);
    expect((await admin.get('/api/tasks')).statusCode).toBe(403);
  });

  test('shows a task only to its assignees: 404 for anyone else, as for none', async ({
    app,
    taskId,
  }) => {
    const stranger = await createSignedInUser(app);
    const notTheirs = await stranger.get(`/api/tasks/${taskId}`);
    const none = await stranger.get('/api/tasks/no-such-task');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual(none.json());
  });
});

describe('moving one’s own task', () => {
  test('goes new → in progress → submitted (with a file), each creator on their own', async ({
    db,
    maria,
    lucas,
    taskId,
  }) => {
    const early = await maria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'task.move_not_allowed' });

    const started = await maria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    expect(started.json<MyTaskDetail>().status).toBe('in_progress');
    const empty = await maria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'task.submit_needs_file',
      message: 'Upload at least one file before submitting the task.',
    });

    expect((await upload(maria, taskId, [photo()])).statusCode).toBe(200);
    const submitted = await maria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<MyTaskDetail>()).toMatchObject({ status: 'submitted', fileCount: 1 });
    expect(submitted.json<MyTaskDetail>().submittedAt).not.toBeNull();
    const back = await maria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    expect(back.statusCode).toBe(409);

    // Lucas's part has not moved, and the task as a whole is only as far as he is.
    expect(await detail(lucas, taskId)).toMatchObject({ status: 'new', fileCount: 0, uploads: [] });
    const task = await db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('new');
  });
});

describe('uploading files', () => {
  test('takes photos recognised by their bytes, lists them with a working fileUrl', async ({
    app,
    admin,
    maria,
    lucas,
    taskId,
  }) => {
    const response = await upload(maria, taskId, [
      photo('a.png'),
      { ...photo('b.jpg'), content: jpegBytes() },
    ]);
    expect(response.statusCode).toBe(200);
    const { uploads } = response.json<MyTaskDetail>();
    expect(uploads.map(({ fileName, fileType }) => [fileName, fileType])).toEqual([
      ['a.png', 'image/png'],
      ['b.jpg', 'image/jpeg'],
    ]);
    const file = uploads[0]!;
    expect(file.fileSize).toBe(photo().content.length);

    const own = await maria.get(file.fileUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(photo().content)).toBe(true);
    const ranged = await maria.get(file.fileUrl, { headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(photo().content.subarray(0, 8))).toBe(true);
    expect((await admin.get(file.fileUrl)).statusCode).toBe(200);
    expect((await lucas.get(file.fileUrl)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: file.fileUrl })).statusCode).toBe(401);
  });

  test('answers 404 for a recorded file that is gone from storage, and its thumbnail too', async ({
    app,
    admin,
    maria,
    taskId,
  }) => {
    const [file] = (await upload(maria, taskId, [photo('lost.png')])).json<MyTaskDetail>().uploads;
    const stored = await app.deps.db
      .selectFrom('taskUploads')
      .select(['fileKey', 'thumbnailKey'])
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    expect(stored.thumbnailKey).not.toBeNull();
    await app.deps.storage.delete(stored.fileKey);
    await app.deps.storage.delete(stored.thumbnailKey!);

    for (const url of [file!.fileUrl, `/objects/tasks/${file!.id}/thumbnail`]) {
      for (const reader of [maria, admin]) {
        const answer = await reader.get(url);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'task.upload_not_found' });
      }
    }
  });

  test('refuses a file of the wrong kind, whatever its name says, storing nothing', async ({
    testApp,
    maria,
    taskId,
  }) => {
    const before = storedFiles(testApp.config.dataDir).length;
    const text = await upload(maria, taskId, [textPretendingToBe('look.png')]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: 'task.photo_only',
      message: 'This task takes photos: JPEG, PNG, WebP or HEIC.',
    });
    const video = await upload(maria, taskId, [
      photo(),
      { name: 'clip.mp4', type: 'video/mp4', content: mp4Bytes() },
    ]);
    expect(video.statusCode).toBe(415);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(before);
    expect((await detail(maria, taskId)).uploads).toEqual([]);
  });

  test("keeps to the task's limit, naming it and the files already there", async ({
    maria,
    taskId,
  }) => {
    expect((await upload(maria, taskId, [photo('1.png')])).statusCode).toBe(200);
    const tooMany = await upload(maria, taskId, [photo('2.png'), photo('3.png'), photo('4.png')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'task.too_many_files',
      // One file is "1 file", never "1 files".
      message: 'Too many files: you currently have 1 file, and this task takes at most 3.',
      params: { max: 3, count: 1 },
    });
    expect((await detail(maria, taskId)).uploads).toHaveLength(1);
    expect((await upload(maria, taskId, [photo('2.png'), photo('3.png')])).statusCode).toBe(200);
    expect((await upload(maria, taskId, [photo('4.png')])).json()).toMatchObject({
      code: 'task.too_many_files',
    });
  });

  test('keeps to the limit when uploads arrive all at once, and refuses others in parallel', async ({
    app,
    testApp,
    maria,
    taskId,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => upload(maria, taskId, [photo(`burst-${n}.png`)])),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    expect((await detail(maria, taskId)).uploads).toHaveLength(3);
    const stored = storedFiles(testApp.config.dataDir).filter((file) =>
      file.startsWith(`tasks/${taskId}/`),
    );
    // Three photos, each with its thumbnail; the refused ones left neither behind.
    expect(stored.filter((file) => !file.endsWith('.thumb.webp'))).toHaveLength(3);
    expect(stored.filter((file) => file.endsWith('.thumb.webp'))).toHaveLength(3);

    // The wrong role and nobody, 50 at a time, are refused every time.
    const refused = await Promise.all([
      ...Array.from({ length: 25 }, () => maria.get('/api/admin/tasks')),
      ...Array.from({ length: 25 }, () =>
        app.inject({ method: 'GET', url: `/api/tasks/${taskId}` }),
      ),
    ]);
    expect(new Set(refused.map((answer) => answer.statusCode))).toEqual(new Set([403, 401]));
  });

  test('refuses a file over TASK_UPLOAD_MAX_BYTES with 413, keeping the files before it out too', async ({
    maria,
    taskId,
  }) => {
    const big = Buffer.alloc(64 * 1024 + 1, 1);
    photo().content.copy(big);
    const response = await upload(maria, taskId, [
      photo('small.png'),
      { ...photo('big.png'), content: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'task.file_too_large' });
    expect((await detail(maria, taskId)).uploads).toEqual([]);
  });

  test('deletes one’s own file while working, and neither adds nor deletes once submitted', async ({
    maria,
    lucas,
    taskId,
  }) => {
    const { uploads } = (
      await upload(maria, taskId, [photo('a.png'), photo('b.png')])
    ).json<MyTaskDetail>();
    const [first, second] = uploads;
    // Not among Lucas's files: nothing of his to delete, answered as for a file already deleted
    // (decision 0041), and Maria's stays.
    expect((await lucas.delete(`/api/tasks/${taskId}/uploads/${first!.id}`)).statusCode).toBe(204);
    expect((await maria.get(first!.fileUrl)).statusCode).toBe(200);
    expect((await maria.delete(`/api/tasks/${taskId}/uploads/${first!.id}`)).statusCode).toBe(204);
    expect((await maria.get(first!.fileUrl)).statusCode).toBe(404);

    await maria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    await maria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    const late = await maria.delete(`/api/tasks/${taskId}/uploads/${second!.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'task.files_closed' });
    expect((await upload(maria, taskId, [photo()])).json()).toMatchObject({
      code: 'task.files_closed',
    });
  });

  test('leaves no file and no row when the connection is cut half-way', async ({
    testApp,
    baseUrl,
    maria,
    taskId,
  }) => {
    const content = Buffer.alloc(48 * 1024, 2);
    photo().content.copy(content);
    const { payload, headers } = await formBody({}, [
      { field: 'files', file: { ...photo(), content } },
    ]);
    const before = storedFiles(testApp.config.dataDir).length;
    const request = http.request(`${baseUrl}/api/tasks/${taskId}/upload`, {
      method: 'POST',
      headers: { ...headers, cookie: maria.cookie, 'content-length': String(payload.length) },
    });
    request.on('error', () => {});
    request.write(payload.subarray(0, payload.length / 2));
    await expect
      .poll(() => storedFiles(testApp.config.dataDir).length, { timeout: 5000 })
      .toBe(before + 1);
    request.destroy();
    await expect
      .poll(() => storedFiles(testApp.config.dataDir).length, { timeout: 5000 })
      .toBe(before);
    expect((await detail(maria, taskId)).uploads).toEqual([]);
  });
});

describe('deleting a person', () => {
  test('deletes the files they uploaded, not only their rows', async ({
    testApp,
    admin,
    lucas,
    taskId,
  }) => {
    const { uploads } = (await upload(lucas, taskId, [photo()])).json<MyTaskDetail>();
    const before = storedFiles(testApp.config.dataDir).length;
    const theirs = () =>
      storedFiles(testApp.config.dataDir).filter((file) =>
        uploads.some((stored) => file.includes(stored.id)),
      );
    // The photo and its thumbnail.
    expect(theirs()).toHaveLength(2 * uploads.length);
    expect((await admin.delete(`/api/admin/users/${lucas.user.id}`)).statusCode).toBe(204);
    expect(theirs()).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(before - 2 * uploads.length);
  });
});

describe('a very large image', () => {
  test.override('appEnv', { TASK_UPLOAD_MAX_BYTES: String(16 * 1024 * 1024) });

  test('is stored without a thumbnail (past the pixel cap), and downloads as sent', async ({
    maria,
    taskId,
  }) => {
    // 8,200 × 6,200: just past the 8,192 × 6,144 a thumbnail is made from.
    const huge = await sharp({
      create: { width: 8200, height: 6200, channels: 3, background: { r: 200, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    const response = await upload(maria, taskId, [
      { name: 'huge.png', type: 'image/png', content: huge },
      photo('small.png'),
    ]);
    expect(response.statusCode).toBe(200);
    const [stored, small] = response.json<MyTaskDetail>().uploads;
    expect(stored).toMatchObject({
      fileName: 'huge.png',
      fileSize: huge.length,
      thumbnailUrl: null,
    });
    expect((await maria.get(stored!.fileUrl)).rawPayload.equals(huge)).toBe(true);
    expect(small!.thumbnailUrl).not.toBeNull();
  });
});

describe('stored files no row names', () => {
  test('are swept once a day old, by one process per round, while recorded files stay', async ({
    app,
    testApp,
    clock,
    maria,
    taskId,
  }) => {
    const { uploads } = (await upload(maria, taskId, [photo('kept.png')])).json<MyTaskDetail>();
    const kept = storedFiles(testApp.config.dataDir);
    expect(kept).toEqual(
      expect.arrayContaining([
        `tasks/${taskId}/${uploads[0]!.id}`,
        `tasks/${taskId}/${uploads[0]!.id}.thumb.webp`,
      ]),
    );
    // What a process stopped between writing bytes and their row leaves behind.
    const strayUpload = randomUUID();
    const stray = [
      `tasks/${taskId}/${randomUUID()}`,
      `tasks/${taskId}/${randomUUID()}.thumb.webp`,
      `tasks/${randomUUID()}/${randomUUID()}`,
      `resumable-uploads/${strayUpload}`,
      `resumable-uploads/${strayUpload}.json`,
    ];
    for (const key of stray) {
      const file = path.join(storageDir(testApp.config.dataDir), key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'left behind');
    }

    const hour = 60 * 60 * 1000;
    clock.advance(23 * hour);
    expect(await sweepStrayTaskFiles(app.deps)).toEqual({ removed: [] });
    clock.advance(2 * hour);
    const rounds = await Promise.all([
      sweepStrayTaskFiles(app.deps),
      sweepStrayTaskFiles(app.deps),
    ]);
    expect(rounds.filter((round) => round === null)).toHaveLength(1);
    const swept = rounds.find((round) => round !== null)!;
    expect([...swept.removed].sort()).toEqual([...stray].sort());
    expect(storedFiles(testApp.config.dataDir).sort()).toEqual([...kept].sort());
  });
});
