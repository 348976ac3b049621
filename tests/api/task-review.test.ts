import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
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
import { assignTask, createTask } from '../support/factories.ts';
import {
  formBody,
  heicBytes,
  heicPhotoBytes,
  heicPhotoSize,
  mp4Bytes,
  pngBytes,
  type SubmittedFile,
} from '../support/files.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, signedInClient, type SignedInClient } from '../support/sign-in.ts';

/**
 * A task for María (who reads Spanish) and Lucas, reviewed by the administrator Rita Reviewer;
 * mail goes out through a real SMTP server.
 */
const test = base
  .extend('maria', ({ app }) =>
    createSignedInUser(app, { firstName: 'María', preferredLanguage: 'es' }),
  )
  .extend('lucas', ({ app }) =>
    createSignedInUser(app, { firstName: 'Lucas', preferredLanguage: 'en' }),
  )
  .extend('reviewer', ({ app }) =>
    createSignedInUser(app, { isAdmin: true, firstName: 'Rita', lastName: 'Reviewer' }),
  )
  .extend('assignedTask', async ({ db, maria, lucas }) => {
    const task = await createTask(db, { contentType: 'both', maxFiles: 10 });
    await assignTask(db, { taskId: task.id, userId: maria.user.id });
    await assignTask(db, { taskId: task.id, userId: lucas.user.id });
    return task;
  });
test.override('appEnv', ({ smtp }) => ({ SMTP_URL: smtp.url }));

type Task = { id: string; title: string };

const png = (name = 'look.png', width = 64, height = 40): SubmittedFile => ({
  name,
  type: 'image/png',
  content: pngBytes(width, height, [200, 120, 90]),
});
// A real camera-like JPEG (the shared 1×1 one is only good enough to be recognised by its bytes).
const photoJpeg = await sharp(pngBytes(600, 900, [90, 140, 200]))
  .jpeg()
  .toBuffer();
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

async function upload(client: SignedInClient, task: Task, files: SubmittedFile[]) {
  const { payload, headers } = await formBody(
    {},
    files.map((file) => ({ field: 'files', file })),
  );
  const response = await client.post(`/api/tasks/${task.id}/upload`, payload, { headers });
  expect(response.statusCode).toBe(200);
  return response.json<MyTaskDetail>();
}

async function submit(client: SignedInClient, task: Task) {
  expect(
    (await client.patch(`/api/tasks/${task.id}/status`, { status: 'in_progress' })).statusCode,
  ).toBe(200);
  const response = await client.patch(`/api/tasks/${task.id}/status`, { status: 'submitted' });
  expect(response.statusCode).toBe(200);
}

const review = (
  client: SignedInClient,
  task: Task,
  userId: string,
  body: { decision: string; feedback?: string },
) => client.post(`/api/admin/tasks/${task.id}/assignees/${userId}/review`, body);

const detailFor = async (client: SignedInClient, task: Task) =>
  (await client.get(`/api/admin/tasks/${task.id}`)).json<AdminTaskDetail>();

const assigneeIn = (detail: AdminTaskDetail, userId: string): ReviewedAssignee => {
  const found = detail.assignees.find((assignee) => assignee.userId === userId);
  if (!found) throw new Error(`no assignee ${userId}`);
  return found;
};

/** The bell of a person, as the app shows it. */
async function bellOf(app: FastifyInstance, user: { id: string }) {
  const client = await signedInClient(app, user);
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
  test('lists each assignee with status, times, files with thumbnails, and reviews', async ({
    app,
    maria,
    lucas,
    reviewer,
    assignedTask: task,
  }) => {
    await upload(maria, task, [png('wide.png', 1200, 800), jpeg(), mp4()]);
    await submit(maria, task);

    const response = await reviewer.get(`/api/admin/tasks/${task.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminTaskDetail>();
    expect(detail).toMatchObject({ id: task.id, title: task.title, status: 'new' });
    const mine = assigneeIn(detail, maria.user.id);
    expect(mine).toMatchObject({
      username: maria.user.username,
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
    expect(assigneeIn(detail, lucas.user.id)).toMatchObject({ status: 'new', uploads: [] });

    // The thumbnail is a real, smaller WebP, for the uploader and staff only.
    const thumbnailUrl = mine.uploads[0]!.thumbnailUrl!;
    const thumbnail = await reviewer.get(thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 480, 320]);
    expect((await maria.get(thumbnailUrl)).statusCode).toBe(200);
    expect((await lucas.get(thumbnailUrl)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(401);
    const jpegThumbnail = await maria.get(mine.uploads[1]!.thumbnailUrl!);
    const portrait = await sharp(jpegThumbnail.rawPayload).metadata();
    expect([portrait.format, portrait.width, portrait.height]).toEqual(['webp', 320, 480]);

    // A video plays and seeks from its file address: a range is answered with 206.
    const video = mine.uploads[2]!;
    const ranged = await reviewer.get(video.fileUrl, { headers: { range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${mp4().content.length}`);
    expect(ranged.rawPayload.equals(mp4().content.subarray(100, 200))).toBe(true);

    expect((await reviewer.get('/api/admin/tasks/no-such-task')).statusCode).toBe(404);
  });

  test("shows an iPhone's HEIC photo like any JPEG: a thumbnail and a full-size JPEG, the original kept to download", async ({
    app,
    testApp,
    maria,
    lucas,
    reviewer,
    assignedTask: task,
  }) => {
    const original = heicPhotoBytes();
    const { uploads } = await upload(maria, task, [
      { name: 'IMG_0042.HEIC', type: 'image/heic', content: original },
      png('flat.png', 300, 200),
    ]);
    const [photo, flat] = uploads;
    expect(photo).toMatchObject({ fileName: 'IMG_0042.HEIC', fileType: 'image/heic' });
    expect(photo!.thumbnailUrl).toBe(`${photo!.fileUrl}/thumbnail`);
    expect(photo!.viewUrl).toBe(`${photo!.fileUrl}/view`);
    // Images browsers show are viewed as they are.
    expect(flat!.viewUrl).toBe(flat!.fileUrl);

    // The reviewer sees what the creator sees, and what she sent is what she took.
    const seen = assigneeIn(await detailFor(reviewer, task), maria.user.id).uploads[0]!;
    expect(seen).toMatchObject({ thumbnailUrl: photo!.thumbnailUrl, viewUrl: photo!.viewUrl });
    const download = await reviewer.get(photo!.fileUrl);
    expect(download.headers['content-type']).toBe('image/heic');
    expect(download.rawPayload.equals(original)).toBe(true);

    const colours = async (image: Buffer) => {
      const { data, info } = await sharp(image)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      const [w, h] = [info.width, info.height];
      return [
        at(w / 4, h / 4),
        at((3 * w) / 4, h / 4),
        at(w / 4, (3 * h) / 4),
        at((3 * w) / 4, (3 * h) / 4),
      ];
    };
    // The photo's red, green, blue and yellow quarters, within what lossy coding changes.
    const quarters = [
      [220, 40, 40],
      [40, 180, 60],
      [40, 70, 220],
      [240, 220, 40],
    ];
    const nearQuarters = (found: number[][]) =>
      found.every((colour, index) =>
        colour.every((value, channel) => Math.abs(value - quarters[index]![channel]!) < 24),
      );

    for (const client of [maria, reviewer]) {
      const thumbnail = await client.get(photo!.thumbnailUrl!);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const small = await sharp(thumbnail.rawPayload).metadata();
      expect([small.format, small.width, small.height]).toEqual(['webp', 400, 300]);
      expect(nearQuarters(await colours(thumbnail.rawPayload))).toBe(true);

      const view = await client.get(photo!.viewUrl!);
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('image/jpeg');
      const full = await sharp(view.rawPayload).metadata();
      expect([full.format, full.width, full.height]).toEqual([
        'jpeg',
        heicPhotoSize.width,
        heicPhotoSize.height,
      ]);
      expect(nearQuarters(await colours(view.rawPayload))).toBe(true);
    }
    expect((await lucas.get(photo!.viewUrl!)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: photo!.viewUrl! })).statusCode).toBe(401);
    // A PNG has no view of its own.
    expect((await maria.get(`${flat!.fileUrl}/view`)).statusCode).toBe(404);

    // Deleting the photo takes its thumbnail and its JPEG with it.
    const keysOf = () =>
      storedFiles(testApp.config.dataDir).filter((key) => key.includes(photo!.id));
    expect(keysOf()).toHaveLength(3);
    expect((await maria.delete(`/api/tasks/${task.id}/uploads/${photo!.id}`)).statusCode).toBe(204);
    expect(keysOf()).toEqual([]);
  });

  test('keeps a HEIC file with no readable photo in it, with no thumbnail and no view', async ({
    maria,
    assignedTask: task,
  }) => {
    const { uploads } = await upload(maria, task, [
      { name: 'phone.heic', type: 'image/heic', content: heicBytes() },
    ]);
    expect(uploads).toMatchObject([{ fileName: 'phone.heic', thumbnailUrl: null, viewUrl: null }]);
    expect((await maria.get(uploads[0]!.fileUrl)).statusCode).toBe(200);
    expect((await maria.get(`${uploads[0]!.fileUrl}/thumbnail`)).statusCode).toBe(404);
    expect((await maria.get(`${uploads[0]!.fileUrl}/view`)).statusCode).toBe(404);
  });

  test('removes thumbnails with their files: one file, a whole task', async ({
    testApp,
    maria,
    reviewer,
    assignedTask: task,
  }) => {
    const { uploads } = await upload(maria, task, [png('a.png'), png('b.png')]);
    const keysOf = () => storedFiles(testApp.config.dataDir).filter((key) => key.includes(task.id));
    expect(keysOf().filter((key) => key.endsWith('.thumb.webp'))).toHaveLength(2);

    const removed = await maria.delete(`/api/tasks/${task.id}/uploads/${uploads[0]!.id}`);
    expect(removed.statusCode).toBe(204);
    expect(keysOf().filter((key) => key.includes(uploads[0]!.id))).toEqual([]);
    expect(keysOf()).toHaveLength(2);

    expect((await reviewer.delete(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    expect(keysOf()).toEqual([]);
  });
});

describe('reviewing a submission', () => {
  test('refuses what is not a review: feedback required, a decision, an assignee who submitted', async ({
    maria,
    reviewer,
    assignedTask: task,
  }) => {
    const early = await review(reviewer, task, maria.user.id, { decision: 'approved' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'task.review_not_submitted',
      message: expect.stringContaining('has not submitted the task'),
    });

    await upload(maria, task, [png()]);
    await submit(maria, task);
    for (const feedback of [undefined, '', '   ']) {
      const bare = await review(reviewer, task, maria.user.id, {
        decision: 'changes_requested',
        feedback,
      });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({
        code: 'task.feedback_required',
        issues: [{ path: ['feedback'], message: 'Feedback is required' }],
      });
    }
    const unknown = await review(reviewer, task, maria.user.id, { decision: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'task.review_decision_invalid' });
    expect((await review(reviewer, task, 'nobody', { decision: 'approved' })).statusCode).toBe(404);
    const noTask = await reviewer.post(`/api/admin/tasks/none/assignees/${maria.user.id}/review`, {
      decision: 'approved',
    });
    expect(noTask.statusCode).toBe(404);

    // Nothing of the refused reviews was kept; María is still waiting.
    const mine = assigneeIn(await detailFor(reviewer, task), maria.user.id);
    expect(mine).toMatchObject({ status: 'submitted', reviews: [] });
  });

  test('tells every administrator in the app when a creator submits', async ({
    app,
    db,
    maria,
    lucas,
    assignedTask: task,
  }) => {
    // The installation's administrator and two more.
    await createSignedInUser(app, { isAdmin: true });
    await createSignedInUser(app, { isAdmin: true });
    await upload(lucas, task, [png()]);
    await submit(lucas, task);
    const admins = await db.selectFrom('users').select('id').where('isAdmin', '=', true).execute();
    expect(admins.length).toBeGreaterThanOrEqual(3);
    for (const admin of admins) {
      const notification = (await bellOf(app, admin)).find((item) => item.relatedId === task.id);
      expect(notification).toMatchObject({
        type: 'task',
        title: 'Task submitted for review',
        message: `Lucas Creator submitted ${task.title}`,
      });
    }
    expect(
      (await bellOf(app, maria.user)).some((item) => item.title === 'Task submitted for review'),
    ).toBe(false);
  });

  test('asks for changes, the creator uploads again and resubmits, then it is approved', async ({
    app,
    smtp,
    maria,
    lucas,
    reviewer,
    assignedTask: task,
  }) => {
    await upload(maria, task, [png('first.png')]);
    await submit(maria, task);
    const firstSubmittedAt = assigneeIn(await detailFor(reviewer, task), maria.user.id).submittedAt;
    expect(firstSubmittedAt).not.toBeNull();

    const sentBack = await review(reviewer, task, maria.user.id, {
      decision: 'changes_requested',
      feedback: '  The light is too dark: reshoot by the window.  ',
    });
    expect(sentBack.statusCode).toBe(200);
    const afterChanges = assigneeIn(sentBack.json<AdminTaskDetail>(), maria.user.id);
    expect(afterChanges).toMatchObject({
      status: 'in_progress',
      submittedAt: null,
      completedAt: null,
      completedBy: null,
      reviews: [
        {
          decision: 'changes_requested',
          feedback: 'The light is too dark: reshoot by the window.',
          reviewer: { id: reviewer.user.id, firstName: 'Rita', lastName: 'Reviewer' },
        },
      ],
    });
    // Lucas's part has not moved.
    expect(assigneeIn(sentBack.json<AdminTaskDetail>(), lucas.user.id).status).toBe('new');

    // María reads it on her task, in her bell (in Spanish) and in a Spanish mail.
    const hers = (await maria.get(`/api/tasks/${task.id}`)).json<MyTaskDetail>();
    expect(hers).toMatchObject({
      status: 'in_progress',
      reviews: [
        {
          decision: 'changes_requested',
          feedback: 'The light is too dark: reshoot by the window.',
        },
      ],
    });
    expect(
      (await bellOf(app, maria.user)).find((item) => item.relatedId === task.id),
    ).toMatchObject({
      type: 'task',
      title: 'Cambios solicitados',
      message: `${task.title}: The light is too dark: reshoot by the window.`,
    });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([maria.user.email]);
    expect(mail.subject).toBe(`Cambios solicitados: ${task.title}`);
    expect(mail.text).toContain('Hola, María:');
    expect(mail.text).toMatch(/Qué cambiar:\r?\nThe light is too dark: reshoot by the window\./);
    expect(mail.text).toContain(`/tasks/${task.id}`);

    // She can change her files again, and submit once more.
    await upload(maria, task, [png('second.png')]);
    const resubmitted = await maria.patch(`/api/tasks/${task.id}/status`, { status: 'submitted' });
    expect(resubmitted.statusCode).toBe(200);

    const approved = await review(reviewer, task, maria.user.id, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    const done = assigneeIn(approved.json<AdminTaskDetail>(), maria.user.id);
    expect(done).toMatchObject({
      status: 'completed',
      completedBy: { id: reviewer.user.id, username: reviewer.user.username },
    });
    expect(done.completedAt).not.toBeNull();
    expect(done.submittedAt).not.toBeNull();
    expect(done.reviews.map((item) => [item.decision, item.feedback])).toEqual([
      ['approved', null],
      ['changes_requested', 'The light is too dark: reshoot by the window.'],
    ]);
    expect(done.uploads.map((file) => file.fileName)).toEqual(['first.png', 'second.png']);
    const approval = await smtp.nextMail();
    expect(approval.subject).toBe(`Aprobada: ${task.title}`);

    // Both sides keep the whole history; a completed assignment takes no more files or reviews
    // (approving it again is a repeat that adds none, decision 0041).
    const final = (await maria.get(`/api/tasks/${task.id}`)).json<MyTaskDetail>();
    expect(final.status).toBe('completed');
    expect(final.reviews).toHaveLength(2);
    const reconsidered = await review(reviewer, task, maria.user.id, {
      decision: 'changes_requested',
      feedback: 'One more, please.',
    });
    expect(reconsidered.statusCode).toBe(409);
    const again = await review(reviewer, task, maria.user.id, { decision: 'approved' });
    expect(assigneeIn(again.json<AdminTaskDetail>(), maria.user.id).reviews).toHaveLength(2);
    const { payload, headers } = await formBody({}, [{ field: 'files', file: png() }]);
    const late = await maria.post(`/api/tasks/${task.id}/upload`, payload, { headers });
    expect(late.statusCode).toBe(409);
  });

  test('sends an English creator an English mail', async ({
    smtp,
    lucas,
    reviewer,
    assignedTask: task,
  }) => {
    await upload(lucas, task, [png()]);
    await submit(lucas, task);
    await review(reviewer, task, lucas.user.id, { decision: 'approved', feedback: 'Lovely work.' });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([lucas.user.email]);
    expect(mail.subject).toBe(`Approved: ${task.title}`);
    expect(mail.text).toMatch(/Their note:\r?\nLovely work\./);
  });

  test('lets only one of two reviews at once pass', async ({
    app,
    db,
    smtp,
    maria,
    reviewer,
    assignedTask: task,
  }) => {
    const otherAdmin = await createSignedInUser(app, { isAdmin: true });
    await upload(maria, task, [png()]);
    await submit(maria, task);
    const answers = await Promise.all([
      review(reviewer, task, maria.user.id, { decision: 'approved' }),
      review(otherAdmin, task, maria.user.id, {
        decision: 'changes_requested',
        feedback: 'Redo it.',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await db
      .selectFrom('taskReviews')
      .select('decision')
      .where('taskId', '=', task.id)
      .execute();
    expect(stored).toHaveLength(1);
    await smtp.nextMail();
  });
});

describe("an assignee's files as a zip", () => {
  test('holds every file of that assignee, same names and bytes, streamed with its size', async ({
    maria,
    lucas,
    reviewer,
    assignedTask: task,
  }) => {
    const files = [png('look.png'), png('look.png', 30, 30), mp4('clip.mp4'), jpeg('../../x.jpg')];
    await upload(maria, task, files);
    await upload(lucas, task, [png('lucas.png')]);

    const response = await reviewer.get(
      `/api/admin/tasks/${task.id}/assignees/${maria.user.id}/archive.zip`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="${task.title.replace(/ /g, '-')}-${maria.user.username}\\.zip"$`,
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

    const empty = await reviewer.get(
      `/api/admin/tasks/${task.id}/assignees/${reviewer.user.id}/archive.zip`,
    );
    expect(empty.statusCode).toBe(404);
    const noTask = await reviewer.get(
      `/api/admin/tasks/none/assignees/${maria.user.id}/archive.zip`,
    );
    expect(noTask.statusCode).toBe(404);
  });
});

describe('only administrators review', () => {
  test('answers 401 to no one and 403 to a creator on every review call', async ({
    app,
    maria,
    assignedTask: task,
  }) => {
    const calls = [
      { method: 'GET' as const, url: `/api/admin/tasks/${task.id}` },
      {
        method: 'POST' as const,
        url: `/api/admin/tasks/${task.id}/assignees/${maria.user.id}/review`,
        payload: { decision: 'approved' },
      },
      {
        method: 'GET' as const,
        url: `/api/admin/tasks/${task.id}/assignees/${maria.user.id}/archive.zip`,
      },
    ];
    for (const call of calls) {
      expect((await app.inject(call)).statusCode).toBe(401);
      expect((await maria.inject(call)).statusCode).toBe(403);
    }
  });
});

describe('submissions awaiting review', () => {
  test('are counted on the dashboard and listed by the task list', async ({
    smtp,
    maria,
    reviewer,
    assignedTask: task,
  }) => {
    const before = (await reviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    await upload(maria, task, [png()]);
    await submit(maria, task);
    const after = (await reviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(after.tasks.awaitingReview).toBe(before.tasks.awaitingReview + 1);

    // Lucas has not submitted, so the task as a whole is not 'submitted', yet it awaits review.
    const awaiting = (await reviewer.get('/api/admin/tasks?review=awaiting')).json<AdminTaskList>();
    expect(awaiting.items.map((task) => task.id)).toContain(task.id);
    // Every task listed has a submission waiting, and together they hold all the dashboard counts.
    const waiting = awaiting.items.map(
      (task) => task.assignees.filter((assignee) => assignee.status === 'submitted').length,
    );
    expect(waiting.every((count) => count > 0)).toBe(true);
    expect(waiting.reduce((sum, count) => sum + count, 0)).toBe(after.tasks.awaitingReview);
    expect(awaiting.total).toBe(awaiting.items.length);

    await review(reviewer, task, maria.user.id, { decision: 'approved' });
    await smtp.nextMail();
    const reviewed = (await reviewer.get('/api/admin/tasks?review=awaiting')).json<AdminTaskList>();
    expect(reviewed.items.map((task) => task.id)).not.toContain(task.id);
    const last = (await reviewer.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(last.tasks.awaitingReview).toBe(before.tasks.awaitingReview);
  });
});
