import { recogniseFile } from '../../src/server/uploads/file-kinds.ts';
import {
  assignTask,
  createCompensation,
  createTask,
  createTaskUpload,
  createUser,
} from '../support/factories.ts';
import {
  heicBytes,
  jpegBytes,
  movBytes,
  mp4Bytes,
  pngBytes,
  textPretendingToBe,
  webmBytes,
  webpBytes,
} from '../support/files.ts';
import { describe, expect, test } from '../support/fixtures.ts';

describe('test factories', () => {
  test('store a task, its assignment, an upload and a compensation that read back as made', async ({
    handle,
  }) => {
    const { db } = handle;
    const creator = await createUser(db);
    const task = await createTask(db, { title: 'Spring lookbook', maxFiles: 12 });
    const assignment = await assignTask(db, { taskId: task.id, userId: creator.id });
    const upload = await createTaskUpload(db, {
      taskId: task.id,
      userId: creator.id,
      fileName: 'look-1.mp4',
      fileType: 'video/mp4',
      fileSize: 2048,
    });
    const compensation = await createCompensation(db, creator.id, {
      month: 3,
      amountCents: 125_050,
    });

    expect(await db.selectFrom('tasks').selectAll().where('id', '=', task.id).execute()).toEqual([
      task,
    ]);
    expect(task).toMatchObject({ title: 'Spring lookbook', maxFiles: 12, status: 'new' });
    expect(
      await db.selectFrom('taskAssignments').selectAll().where('id', '=', assignment.id).execute(),
    ).toEqual([assignment]);
    expect(assignment.status).toBe('new');
    expect(
      await db.selectFrom('taskUploads').selectAll().where('id', '=', upload.id).execute(),
    ).toEqual([upload]);
    expect(upload.fileKey).toMatch(/^uploads\/.+\.jpg$/);
    expect(
      await db.selectFrom('compensations').selectAll().where('id', '=', compensation.id).execute(),
    ).toEqual([compensation]);
    expect(compensation.amountCents).toBe(125_050);
  });

  test('make files whose bytes are recognised as the kind they claim to be', async () => {
    expect(await recogniseFile(pngBytes(2, 2, [0, 0, 0]))).toBe('png');
    const jpeg = jpegBytes();
    expect(await recogniseFile(jpeg)).toBe('jpeg');
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(await recogniseFile(webpBytes())).toBe('webp');
    expect(await recogniseFile(mp4Bytes())).toBe('mp4');
    expect(mp4Bytes(5000).length).toBe(5000);
    expect(await recogniseFile(movBytes())).toBe('mov');
    expect(await recogniseFile(heicBytes())).toBe('heic');
    expect(await recogniseFile(webmBytes())).toBe('webm');
    const pretender = textPretendingToBe('holiday.mp4');
    expect(pretender.type).toBe('video/mp4');
    // Its bytes are text (the kind a pay import takes), never the video its name claims.
    expect(await recogniseFile(pretender.content)).toBe('csv');
  });
});
