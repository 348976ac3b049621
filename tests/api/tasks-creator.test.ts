import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskDetail, MyTaskList } from '../../src/domain/tasks.ts';
import { storedFiles } from '../support/applications.ts';
import { assignTask, createTask, createUser, type TestUser } from '../support/factories.ts';
import {
  formBody,
  jpegBytes,
  mp4Bytes,
  pngBytes,
  textPretendingToBe,
  type SubmittedFile,
} from '../support/files.ts';
import { signedInClient, type SignedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let maria: TestUser;
let lucas: TestUser;
let asMaria: SignedInClient;
let asLucas: SignedInClient;
let asAdmin: SignedInClient;
beforeAll(async () => {
  // A small per-file limit, so the 413 needs no large body.
  testApp = await createTestApp({ TASK_UPLOAD_MAX_BYTES: String(64 * 1024) });
  maria = await createUser(testApp.app.deps.db, { firstName: 'Maria' });
  lucas = await createUser(testApp.app.deps.db, { firstName: 'Lucas' });
  asMaria = await signedInClient(testApp.app, maria);
  asLucas = await signedInClient(testApp.app, lucas);
  asAdmin = await signedInClient(
    testApp.app,
    await createUser(testApp.app.deps.db, { isAdmin: true }),
  );
});
afterAll(() => testApp.close());

let taskId: string;
beforeEach(async () => {
  const task = await createTask(testApp.app.deps.db, { contentType: 'photo', maxFiles: 3 });
  taskId = task.id;
  await assignTask(testApp.app.deps.db, { taskId, userId: maria.id });
  await assignTask(testApp.app.deps.db, { taskId, userId: lucas.id });
});

const photo = (name = 'look.png'): SubmittedFile => ({
  name,
  type: 'image/png',
  content: pngBytes(8, 8, [200, 120, 90]),
});

async function upload(client: SignedInClient, files: SubmittedFile[], id = taskId) {
  const { payload, headers } = await formBody(
    {},
    files.map((file) => ({ field: 'files', file })),
  );
  return client.post(`/api/tasks/${id}/upload`, payload, { headers });
}

const detail = async (client: SignedInClient) =>
  (await client.get(`/api/tasks/${taskId}`)).json<MyTaskDetail>();

describe("a creator's own tasks", () => {
  it('lists them at both addresses with counters, and is not for administrators', async () => {
    const list = (await asMaria.get('/api/tasks')).json<MyTaskList>();
    expect((await asMaria.get('/api/tasks/my-tasks')).json()).toEqual(list);
    expect(list.items.some((task) => task.id === taskId)).toBe(true);
    expect(list.counters.total).toBe(list.total);
    expect((await asAdmin.get('/api/tasks')).statusCode).toBe(403);
  });

  it('shows a task only to its assignees: 404 for anyone else, as for none', async () => {
    const stranger = await signedInClient(testApp.app, await createUser(testApp.app.deps.db));
    const notTheirs = await stranger.get(`/api/tasks/${taskId}`);
    const none = await stranger.get('/api/tasks/no-such-task');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual(none.json());
  });
});

describe('moving one’s own task', () => {
  it('goes new → in progress → submitted (with a file), each creator on their own', async () => {
    const early = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'task.move_not_allowed' });

    const started = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    expect(started.json<MyTaskDetail>().status).toBe('in_progress');
    const empty = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'task.submit_needs_file',
      message: 'Upload at least one file before submitting the task.',
    });

    expect((await upload(asMaria, [photo()])).statusCode).toBe(200);
    const submitted = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<MyTaskDetail>()).toMatchObject({ status: 'submitted', fileCount: 1 });
    expect(submitted.json<MyTaskDetail>().submittedAt).not.toBeNull();
    const back = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    expect(back.statusCode).toBe(409);

    // Lucas's part has not moved, and the task as a whole is only as far as he is.
    expect(await detail(asLucas)).toMatchObject({ status: 'new', fileCount: 0, uploads: [] });
    const task = await testApp.app.deps.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('new');
  });
});

describe('uploading files', () => {
  it('takes photos recognised by their bytes, lists them with a working fileUrl', async () => {
    const response = await upload(asMaria, [
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

    const own = await asMaria.get(file.fileUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(photo().content)).toBe(true);
    const ranged = await asMaria.get(file.fileUrl, { headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(photo().content.subarray(0, 8))).toBe(true);
    expect((await asAdmin.get(file.fileUrl)).statusCode).toBe(200);
    expect((await asLucas.get(file.fileUrl)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: file.fileUrl })).statusCode).toBe(401);
  });

  it('refuses a file of the wrong kind, whatever its name says, storing nothing', async () => {
    const before = storedFiles(testApp.config.dataDir).length;
    const text = await upload(asMaria, [textPretendingToBe('look.png')]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: 'task.photo_only',
      message: 'This task takes photos: JPEG, PNG, WebP or HEIC.',
    });
    const video = await upload(asMaria, [
      photo(),
      { name: 'clip.mp4', type: 'video/mp4', content: mp4Bytes() },
    ]);
    expect(video.statusCode).toBe(415);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(before);
    expect((await detail(asMaria)).uploads).toEqual([]);
  });

  it("keeps to the task's limit with the spec's message, counting files already there", async () => {
    expect((await upload(asMaria, [photo('1.png')])).statusCode).toBe(200);
    const tooMany = await upload(asMaria, [photo('2.png'), photo('3.png'), photo('4.png')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'task.too_many_files',
      message: 'You can only have 3 files total. You currently have 1 files.',
      params: { max: 3, count: 1 },
    });
    expect((await detail(asMaria)).uploads).toHaveLength(1);
    expect((await upload(asMaria, [photo('2.png'), photo('3.png')])).statusCode).toBe(200);
    expect((await upload(asMaria, [photo('4.png')])).json()).toMatchObject({
      code: 'task.too_many_files',
    });
  });

  it('keeps to the limit when uploads arrive all at once, and refuses others in parallel', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => upload(asMaria, [photo(`burst-${n}.png`)])),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    expect((await detail(asMaria)).uploads).toHaveLength(3);
    const stored = storedFiles(testApp.config.dataDir).filter((file) =>
      file.startsWith(`tasks/${taskId}/`),
    );
    // Three photos, each with its thumbnail; the refused ones left neither behind.
    expect(stored.filter((file) => !file.endsWith('.thumb.webp'))).toHaveLength(3);
    expect(stored.filter((file) => file.endsWith('.thumb.webp'))).toHaveLength(3);

    // The wrong role and nobody, 50 at a time, are refused every time.
    const refused = await Promise.all([
      ...Array.from({ length: 25 }, () => asMaria.get('/api/admin/tasks')),
      ...Array.from({ length: 25 }, () =>
        testApp.app.inject({ method: 'GET', url: `/api/tasks/${taskId}` }),
      ),
    ]);
    expect(new Set(refused.map((answer) => answer.statusCode))).toEqual(new Set([403, 401]));
  });

  it('refuses a file over TASK_UPLOAD_MAX_BYTES with 413, keeping the files before it out too', async () => {
    const big = Buffer.alloc(64 * 1024 + 1, 1);
    photo().content.copy(big);
    const response = await upload(asMaria, [
      photo('small.png'),
      { ...photo('big.png'), content: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'task.file_too_large' });
    expect((await detail(asMaria)).uploads).toEqual([]);
  });

  it('deletes one’s own file while working, and neither adds nor deletes once submitted', async () => {
    const { uploads } = (
      await upload(asMaria, [photo('a.png'), photo('b.png')])
    ).json<MyTaskDetail>();
    const [first, second] = uploads;
    expect((await asLucas.delete(`/api/tasks/${taskId}/uploads/${first!.id}`)).statusCode).toBe(
      404,
    );
    expect((await asMaria.delete(`/api/tasks/${taskId}/uploads/${first!.id}`)).statusCode).toBe(
      204,
    );
    expect((await asMaria.get(first!.fileUrl)).statusCode).toBe(404);

    await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' });
    await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    const late = await asMaria.delete(`/api/tasks/${taskId}/uploads/${second!.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'task.files_closed' });
    expect((await upload(asMaria, [photo()])).json()).toMatchObject({ code: 'task.files_closed' });
  });

  it('leaves no file and no row when the connection is cut half-way', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const content = Buffer.alloc(48 * 1024, 2);
    photo().content.copy(content);
    const { payload, headers } = await formBody({}, [
      { field: 'files', file: { ...photo(), content } },
    ]);
    const before = storedFiles(testApp.config.dataDir).length;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/tasks/${taskId}/upload`,
      headers: { ...headers, cookie: asMaria.cookie, 'content-length': String(payload.length) },
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
    expect((await detail(asMaria)).uploads).toEqual([]);
  });
});

describe('deleting a person', () => {
  it('deletes the files they uploaded, not only their rows', async () => {
    const { uploads } = (await upload(asLucas, [photo()])).json<MyTaskDetail>();
    const before = storedFiles(testApp.config.dataDir).length;
    const theirs = () =>
      storedFiles(testApp.config.dataDir).filter((file) =>
        uploads.some((stored) => file.includes(stored.id)),
      );
    // The photo and its thumbnail.
    expect(theirs()).toHaveLength(2 * uploads.length);
    expect((await asAdmin.delete(`/api/admin/users/${lucas.id}`)).statusCode).toBe(204);
    expect(theirs()).toEqual([]);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(before - 2 * uploads.length);
  });
});
