import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { AdminDashboard } from '../../src/domain/dashboards.ts';
import type { NotificationList } from '../../src/domain/notifications.ts';
import type {
  AdminTaskDetail,
  AdminTaskList,
  MyTaskDetail,
  ReviewedAssignee,
} from '../../src/domain/tasks.ts';
import { storedFiles } from '../support/applications.ts';
import { assignTask, createTask, createUser, type TestUser } from '../support/factories.ts';
import { formBody, heicBytes, mp4Bytes, pngBytes, type SubmittedFile } from '../support/files.ts';
import { signedInClient, type SignedInClient } from '../support/sign-in.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;
let maria: TestUser;
let lucas: TestUser;
let reviewer: TestUser;
let asMaria: SignedInClient;
let asLucas: SignedInClient;
let asReviewer: SignedInClient;
let asOtherAdmin: SignedInClient;
beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url });
  const { db } = testApp.app.deps;
  maria = await createUser(db, { firstName: 'María', preferredLanguage: 'es' });
  lucas = await createUser(db, { firstName: 'Lucas', preferredLanguage: 'en' });
  reviewer = await createUser(db, { isAdmin: true, firstName: 'Rita', lastName: 'Reviewer' });
  asMaria = await signedInClient(testApp.app, maria);
  asLucas = await signedInClient(testApp.app, lucas);
  asReviewer = await signedInClient(testApp.app, reviewer);
  asOtherAdmin = await signedInClient(testApp.app, await createUser(db, { isAdmin: true }));
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

let taskId: string;
let taskTitle: string;
beforeEach(async () => {
  const task = await createTask(testApp.app.deps.db, { contentType: 'both', maxFiles: 10 });
  taskId = task.id;
  taskTitle = task.title;
  await assignTask(testApp.app.deps.db, { taskId, userId: maria.id });
  await assignTask(testApp.app.deps.db, { taskId, userId: lucas.id });
});

const png = (name = 'look.png', width = 64, height = 40): SubmittedFile => ({
  name,
  type: 'image/png',
  content: pngBytes(width, height, [200, 120, 90]),
});
// A real camera-like JPEG (the shared 1×1 one is only good enough to be recognised by its bytes).
let photoJpeg: Buffer;
beforeAll(async () => {
  photoJpeg = await sharp(pngBytes(600, 900, [90, 140, 200]))
    .jpeg()
    .toBuffer();
});
const jpeg = (name = 'portrait.jpg'): SubmittedFile => ({
  name,
  type: 'image/jpeg',
  content: photoJpeg,
});
const mp4 = (name = 'clip.mp4'): SubmittedFile => ({
  name,
  type: 'video/mp4',
  content: mp4Bytes(4096),
});

async function upload(client: SignedInClient, files: SubmittedFile[]) {
  const { payload, headers } = await formBody(
    {},
    files.map((file) => ({ field: 'files', file })),
  );
  const response = await client.post(`/api/tasks/${taskId}/upload`, payload, { headers });
  expect(response.statusCode).toBe(200);
  return response.json<MyTaskDetail>();
}

async function submit(client: SignedInClient) {
  expect(
    (await client.patch(`/api/tasks/${taskId}/status`, { status: 'in_progress' })).statusCode,
  ).toBe(200);
  const response = await client.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
  expect(response.statusCode).toBe(200);
}

const review = (
  client: SignedInClient,
  userId: string,
  body: { decision: string; feedback?: string },
) => client.post(`/api/admin/tasks/${taskId}/assignees/${userId}/review`, body);

const detailFor = async (client: SignedInClient) =>
  (await client.get(`/api/admin/tasks/${taskId}`)).json<AdminTaskDetail>();

const assigneeIn = (detail: AdminTaskDetail, userId: string): ReviewedAssignee => {
  const found = detail.assignees.find((assignee) => assignee.userId === userId);
  if (!found) throw new Error(`no assignee ${userId}`);
  return found;
};

/** The bell of a person, as the app shows it. */
async function bellOf(user: { id: string }) {
  const client = await signedInClient(testApp.app, user);
  return (await client.get('/api/notifications')).json<NotificationList>().notifications;
}

/** Reads a zip with a real unzip library: each entry's name and bytes, in order. */
function unzip(bytes: Buffer): Promise<{ name: string; content: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: { name: string; content: Buffer }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, content: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe("GET /api/admin/tasks/{id}: every assignee's work", () => {
  it('lists each assignee with status, times, files with thumbnails, and reviews', async () => {
    await upload(asMaria, [png('wide.png', 1200, 800), jpeg(), mp4()]);
    await submit(asMaria);

    const response = await asReviewer.get(`/api/admin/tasks/${taskId}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminTaskDetail>();
    expect(detail).toMatchObject({ id: taskId, title: taskTitle, status: 'new' });
    const mine = assigneeIn(detail, maria.id);
    expect(mine).toMatchObject({
      username: maria.username,
      firstName: 'María',
      status: 'submitted',
      completedAt: null,
      completedBy: null,
      reviews: [],
    });
    expect(mine.submittedAt).not.toBeNull();
    expect(mine.uploads.map((file) => [file.fileName, file.thumbnailUrl !== null])).toEqual([
      ['wide.png', true],
      ['portrait.jpg', true],
      ['clip.mp4', false],
    ]);
    expect(assigneeIn(detail, lucas.id)).toMatchObject({ status: 'new', uploads: [] });

    // The thumbnail is a real, smaller WebP, for the uploader and staff only.
    const thumbnailUrl = mine.uploads[0]!.thumbnailUrl!;
    const thumbnail = await asReviewer.get(thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 480, 320]);
    expect((await asMaria.get(thumbnailUrl)).statusCode).toBe(200);
    expect((await asLucas.get(thumbnailUrl)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(401);
    const jpegThumbnail = await asMaria.get(mine.uploads[1]!.thumbnailUrl!);
    const portrait = await sharp(jpegThumbnail.rawPayload).metadata();
    expect([portrait.format, portrait.width, portrait.height]).toEqual(['webp', 320, 480]);

    // A video plays and seeks from its file address: a range is answered with 206.
    const video = mine.uploads[2]!;
    const ranged = await asReviewer.get(video.fileUrl, { headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${mp4().content.length}`);
    expect(ranged.rawPayload.equals(mp4().content.subarray(100, 200))).toBe(true);

    expect((await asReviewer.get('/api/admin/tasks/no-such-task')).statusCode).toBe(404);
  });

  it('keeps a photo the image library cannot read, with no thumbnail', async () => {
    const { uploads } = await upload(asMaria, [
      { name: 'phone.heic', type: 'image/heic', content: heicBytes() },
    ]);
    expect(uploads).toMatchObject([{ fileName: 'phone.heic', thumbnailUrl: null }]);
    expect((await asMaria.get(uploads[0]!.fileUrl)).statusCode).toBe(200);
    expect((await asMaria.get(`${uploads[0]!.fileUrl}/thumbnail`)).statusCode).toBe(404);
  });

  it('removes thumbnails with their files: one file, a whole task', async () => {
    const { uploads } = await upload(asMaria, [png('a.png'), png('b.png')]);
    const keysOf = () => storedFiles(testApp.config.dataDir).filter((key) => key.includes(taskId));
    expect(keysOf().filter((key) => key.endsWith('.thumb.webp'))).toHaveLength(2);

    const removed = await asMaria.delete(`/api/tasks/${taskId}/uploads/${uploads[0]!.id}`);
    expect(removed.statusCode).toBe(204);
    expect(keysOf().filter((key) => key.includes(uploads[0]!.id))).toEqual([]);
    expect(keysOf()).toHaveLength(2);

    expect((await asReviewer.delete(`/api/admin/tasks/${taskId}`)).statusCode).toBe(204);
    expect(keysOf()).toEqual([]);
  });
});

describe('reviewing a submission', () => {
  it('refuses what is not a review: feedback required, a decision, an assignee who submitted', async () => {
    const early = await review(asReviewer, maria.id, { decision: 'approved' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'task.review_not_submitted',
      message: expect.stringContaining('has not submitted the task'),
    });

    await upload(asMaria, [png()]);
    await submit(asMaria);
    for (const feedback of [undefined, '', '   ']) {
      const bare = await review(asReviewer, maria.id, { decision: 'changes_requested', feedback });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({
        code: 'task.feedback_required',
        issues: [{ path: ['feedback'], message: 'Feedback is required' }],
      });
    }
    const unknown = await review(asReviewer, maria.id, { decision: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'task.review_decision_invalid' });
    expect((await review(asReviewer, 'nobody', { decision: 'approved' })).statusCode).toBe(404);
    const noTask = await asReviewer.post(`/api/admin/tasks/none/assignees/${maria.id}/review`, {
      decision: 'approved',
    });
    expect(noTask.statusCode).toBe(404);

    // Nothing of the refused reviews was kept; María is still waiting.
    const mine = assigneeIn(await detailFor(asReviewer), maria.id);
    expect(mine).toMatchObject({ status: 'submitted', reviews: [] });
  });

  it('tells every administrator in the app when a creator submits', async () => {
    await upload(asLucas, [png()]);
    await submit(asLucas);
    const admins = await testApp.app.deps.db
      .selectFrom('users')
      .select('id')
      .where('isAdmin', '=', true)
      .execute();
    expect(admins.length).toBeGreaterThanOrEqual(3);
    for (const admin of admins) {
      const notice = (await bellOf(admin)).find((item) => item.relatedId === taskId);
      expect(notice).toMatchObject({
        type: 'task',
        title: 'Task submitted for review',
        message: `Lucas Creator submitted ${taskTitle}`,
      });
    }
    expect((await bellOf(maria)).some((item) => item.title === 'Task submitted for review')).toBe(
      false,
    );
  });

  it('asks for changes, the creator uploads again and resubmits, then it is approved', async () => {
    await upload(asMaria, [png('first.png')]);
    await submit(asMaria);
    const firstSubmittedAt = assigneeIn(await detailFor(asReviewer), maria.id).submittedAt;
    expect(firstSubmittedAt).not.toBeNull();

    const sentBack = await review(asReviewer, maria.id, {
      decision: 'changes_requested',
      feedback: '  The light is too dark: reshoot by the window.  ',
    });
    expect(sentBack.statusCode).toBe(200);
    const afterChanges = assigneeIn(sentBack.json<AdminTaskDetail>(), maria.id);
    expect(afterChanges).toMatchObject({
      status: 'in_progress',
      submittedAt: null,
      completedAt: null,
      completedBy: null,
      reviews: [
        {
          decision: 'changes_requested',
          feedback: 'The light is too dark: reshoot by the window.',
          reviewer: { id: reviewer.id, firstName: 'Rita', lastName: 'Reviewer' },
        },
      ],
    });
    // Lucas's part has not moved.
    expect(assigneeIn(sentBack.json<AdminTaskDetail>(), lucas.id).status).toBe('new');

    // María reads it on her task, in her bell (in Spanish) and in a Spanish mail.
    const hers = (await asMaria.get(`/api/tasks/${taskId}`)).json<MyTaskDetail>();
    expect(hers).toMatchObject({
      status: 'in_progress',
      reviews: [
        {
          decision: 'changes_requested',
          feedback: 'The light is too dark: reshoot by the window.',
        },
      ],
    });
    expect((await bellOf(maria)).find((item) => item.relatedId === taskId)).toMatchObject({
      type: 'task',
      title: 'Cambios solicitados',
      message: `${taskTitle}: The light is too dark: reshoot by the window.`,
    });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([maria.email]);
    expect(mail.subject).toBe(`Cambios solicitados: ${taskTitle}`);
    expect(mail.text).toContain('Hola, María:');
    expect(mail.text).toMatch(/Qué cambiar:\r?\nThe light is too dark: reshoot by the window\./);
    expect(mail.text).toContain(`/tasks/${taskId}`);

    // She can change her files again, and submit once more.
    await upload(asMaria, [png('second.png')]);
    const resubmitted = await asMaria.patch(`/api/tasks/${taskId}/status`, { status: 'submitted' });
    expect(resubmitted.statusCode).toBe(200);

    const approved = await review(asReviewer, maria.id, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    const done = assigneeIn(approved.json<AdminTaskDetail>(), maria.id);
    expect(done).toMatchObject({
      status: 'completed',
      completedBy: { id: reviewer.id, username: reviewer.username },
    });
    expect(done.completedAt).not.toBeNull();
    expect(done.submittedAt).not.toBeNull();
    expect(done.reviews.map((item) => [item.decision, item.feedback])).toEqual([
      ['approved', null],
      ['changes_requested', 'The light is too dark: reshoot by the window.'],
    ]);
    expect(done.uploads.map((file) => file.fileName)).toEqual(['first.png', 'second.png']);
    const approval = await smtp.nextMail();
    expect(approval.subject).toBe(`Aprobada: ${taskTitle}`);

    // Both sides keep the whole history; a completed assignment takes no more files or reviews.
    const final = (await asMaria.get(`/api/tasks/${taskId}`)).json<MyTaskDetail>();
    expect(final.status).toBe('completed');
    expect(final.reviews).toHaveLength(2);
    expect((await review(asReviewer, maria.id, { decision: 'approved' })).statusCode).toBe(409);
    const { payload, headers } = await formBody({}, [{ field: 'files', file: png() }]);
    const late = await asMaria.post(`/api/tasks/${taskId}/upload`, payload, { headers });
    expect(late.statusCode).toBe(409);
  });

  it('sends an English creator an English mail', async () => {
    await upload(asLucas, [png()]);
    await submit(asLucas);
    await review(asReviewer, lucas.id, { decision: 'approved', feedback: 'Lovely work.' });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([lucas.email]);
    expect(mail.subject).toBe(`Approved: ${taskTitle}`);
    expect(mail.text).toMatch(/Their note:\r?\nLovely work\./);
  });

  it('lets only one of two reviews at once pass', async () => {
    await upload(asMaria, [png()]);
    await submit(asMaria);
    const answers = await Promise.all([
      review(asReviewer, maria.id, { decision: 'approved' }),
      review(asOtherAdmin, maria.id, { decision: 'changes_requested', feedback: 'Redo it.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await testApp.app.deps.db
      .selectFrom('taskReviews')
      .select('decision')
      .where('taskId', '=', taskId)
      .execute();
    expect(stored).toHaveLength(1);
    await smtp.nextMail();
  });
});

describe("an assignee's files as a zip", () => {
  it('holds every file of that assignee, same names and bytes, streamed with its size', async () => {
    const files = [png('look.png'), png('look.png', 30, 30), mp4('clip.mp4'), jpeg('../../x.jpg')];
    await upload(asMaria, files);
    await upload(asLucas, [png('lucas.png')]);

    const response = await asReviewer.get(
      `/api/admin/tasks/${taskId}/assignees/${maria.id}/archive.zip`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="${taskTitle.replace(/ /g, '-')}-${maria.username}\\.zip"$`,
      ),
    );
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'look.png',
      'look (2).png',
      'clip.mp4',
      'x.jpg',
    ]);
    entries.forEach((entry, index) => {
      expect(entry.content.equals(files[index]!.content)).toBe(true);
    });

    const empty = await asReviewer.get(
      `/api/admin/tasks/${taskId}/assignees/${reviewer.id}/archive.zip`,
    );
    expect(empty.statusCode).toBe(404);
    const noTask = await asReviewer.get(`/api/admin/tasks/none/assignees/${maria.id}/archive.zip`);
    expect(noTask.statusCode).toBe(404);
  });
});

describe('only administrators review', () => {
  it('answers 401 to no one and 403 to a creator on every review call', async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/admin/tasks/${taskId}` },
      {
        method: 'POST' as const,
        url: `/api/admin/tasks/${taskId}/assignees/${maria.id}/review`,
        payload: { decision: 'approved' },
      },
      {
        method: 'GET' as const,
        url: `/api/admin/tasks/${taskId}/assignees/${maria.id}/archive.zip`,
      },
    ];
    for (const call of calls) {
      expect((await testApp.app.inject(call)).statusCode).toBe(401);
      expect((await asMaria.inject(call)).statusCode).toBe(403);
    }
  });
});

describe('submissions awaiting review', () => {
  it('are counted on the dashboard and listed by the task list', async () => {
    const before = (await asReviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    await upload(asMaria, [png()]);
    await submit(asMaria);
    const after = (await asReviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(after.tasks.awaitingReview).toBe(before.tasks.awaitingReview + 1);

    // Lucas has not submitted, so the task as a whole is not 'submitted', yet it awaits review.
    const awaiting = (
      await asReviewer.get('/api/admin/tasks?review=awaiting')
    ).json<AdminTaskList>();
    expect(awaiting.items.map((task) => task.id)).toContain(taskId);
    // Every task listed has a submission waiting, and together they hold all the dashboard counts.
    const waiting = awaiting.items.map(
      (task) => task.assignees.filter((assignee) => assignee.status === 'submitted').length,
    );
    expect(waiting.every((count) => count > 0)).toBe(true);
    expect(waiting.reduce((sum, count) => sum + count, 0)).toBe(after.tasks.awaitingReview);
    expect(awaiting.total).toBe(awaiting.items.length);

    await review(asReviewer, maria.id, { decision: 'approved' });
    await smtp.nextMail();
    const reviewed = (
      await asReviewer.get('/api/admin/tasks?review=awaiting')
    ).json<AdminTaskList>();
    expect(reviewed.items.map((task) => task.id)).not.toContain(taskId);
    const last = (await asReviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(last.tasks.awaitingReview).toBe(before.tasks.awaitingReview);
  });
});
