import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { storageDir } from '../../src/server/storage/storage.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, holdToast, toastText, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { mp4Bytes } from '../support/files.ts';

const e2e = useE2E();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A phone's uplink: a 24 MB video takes several seconds, so a reload lands in the middle. */
const uplink = { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 4 << 20 };

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'unfinished-e2e-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A file on disk, as a phone's picker gives it (a large buffer is slow through the driver). */
function fileOnDisk(name: string, bytes: Buffer) {
  const picked = path.join(folder, name);
  fs.writeFileSync(picked, bytes);
  return picked;
}

/** Large enough to go over tus (20 MB and more) in several pieces, different in every byte. */
const longVideo = () => Buffer.concat([mp4Bytes(64), randomBytes(24 * 1024 * 1024)]);

const isPiece = (response: Response) =>
  response.request().method() === 'PATCH' &&
  new URL(response.url()).pathname.startsWith('/api/uploads/');

/** Chooses files through the picker a button opens, as a person does. */
async function chooseWith(page: Page, button: string, files: string | string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

/**
 * A creator starts a long video on a task taking two files, and the page reloads once its first
 * piece is in (a killed browser leaves the same): the upload is unfinished, holding a place.
 */
async function reloadMidUpload() {
  const creator = await createUser(e2e.db);
  const task = await createTask(e2e.db, {
    title: 'Harbour at dawn',
    contentType: 'video',
    maxFiles: 2,
  });
  await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
  const video = longVideo();
  const picked = fileOnDisk(`harbour-${task.id}.mp4`, video);

  const opened = await e2e.openPage(viewports.phone);
  const { page, context } = opened;
  // Leaving the page while it sends may ask first; the person says leave.
  page.on('dialog', (dialog) => void dialog.accept());
  await e2e.signInAs(context, creator);
  await page.goto(`/tasks/${task.id}`);
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', uplink);
  await chooseWith(page, 'Choose Files', picked);
  const firstPiece = page.waitForResponse(isPiece);
  await page.getByRole('button', { name: 'Upload 1 File' }).click();
  expect((await firstPiece).status()).toBe(204);
  await page.reload();
  await network.send('Network.emulateNetworkConditions', { ...uplink, uploadThroughput: -1 });
  return { ...opened, task, video, picked, name: path.basename(picked) };
}

/** The places the server counts as held on the task: files and unfinished uploads. */
async function heldOnServer(taskId: string) {
  const files = await e2e.db
    .selectFrom('taskUploads')
    .select(['fileKey', 'fileSize'])
    .where('taskId', '=', taskId)
    .execute();
  const unfinished = await e2e.db
    .selectFrom('taskUploadClaims')
    .select('id')
    .where('taskId', '=', taskId)
    .where('finishedUploadId', 'is', null)
    .execute();
  return { files, unfinished: unfinished.length };
}

describe('an upload left unfinished by a reload', () => {
  it('is shown with its progress, counts as the server counts it, and can be discarded', async () => {
    const { page, context, problems, task, name } = await reloadMidUpload();

    const list = page.getByRole('region', { name: 'Upload Files' });
    await expect
      .poll(() => list.getByRole('heading', { name: 'Unfinished uploads (1)' }).isVisible())
      .toBe(true);
    const bar = list.getByRole('progressbar', { name: `${name}: received so far` });
    const received = Number(await bar.getAttribute('aria-valuenow'));
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(100);
    expect(await list.innerText()).toContain('To resume one, choose the same file again.');
    // The place it holds is counted: one more file, as the server says.
    expect(await list.innerText()).toContain('You can add 1 more file.');
    expect(await heldOnServer(task.id)).toMatchObject({ files: [], unfinished: 1 });
    await expectAccessible(page, problems);

    // Two other files are refused before anything is sent, saying why.
    const clips = [fileOnDisk('pier.mp4', mp4Bytes(2048)), fileOnDisk('gulls.mp4', mp4Bytes(4096))];
    await chooseWith(page, 'Choose Files', clips);
    await page.getByRole('button', { name: 'Upload 2 Files' }).click();
    await expect.poll(() => toastText(page)).toContain('Upload limit exceeded');
    expect(await toastText(page)).toContain(
      'You currently have 1 file, unfinished uploads included, and this task takes at most 2.',
    );
    await holdToast(page, 'Upload limit exceeded');

    // Discarding it gives the place back, and the same two files go.
    await list.getByRole('button', { name: `Discard ${name}` }).click();
    await expect.poll(() => toastText(page)).toContain('Upload discarded');
    await expect.poll(() => list.innerText()).toContain('You can add 2 more files.');
    expect(await list.getByRole('heading', { name: /Unfinished uploads/ }).count()).toBe(0);
    expect(await heldOnServer(task.id)).toMatchObject({ unfinished: 0 });
    await page.getByRole('button', { name: 'Upload 2 Files' }).click();
    await expect.poll(() => toastText(page)).toContain('Files uploaded successfully');
    await expect.poll(async () => (await heldOnServer(task.id)).files.length).toBe(2);
    await expect.poll(() => list.innerText()).toContain('You can add 0 more files.');
    await expectAccessible(page, problems);
    await context.close();
    // Two pages with a 24 MB upload each and three axe scans: more than one screen's work.
  }, 120_000);

  it('resumes from where its bytes stopped once the same file is chosen again', async () => {
    const { page, context, problems, task, video, name } = await reloadMidUpload();
    const resumedAt: number[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().method() === 'HEAD' && pathname.startsWith('/api/uploads/')) {
        resumedAt.push(Number(response.headers()['upload-offset']));
      }
    });
    const list = page.getByRole('region', { name: 'Upload Files' });
    const resume = list.getByRole('button', { name: `Resume ${name}` });
    await expect.poll(() => resume.isVisible()).toBe(true);

    // Another file is not taken for it: the page says which one to choose.
    const other = fileOnDisk('other.mp4', Buffer.concat([mp4Bytes(64), randomBytes(21 << 20)]));
    await chooseWith(page, `Resume ${name}`, other);
    await expect.poll(() => toastText(page)).toContain('Not the same file');
    expect(await toastText(page)).toContain(`To resume this upload, choose ${name} (24 MB) again.`);

    const picked = path.join(folder, name);
    await chooseWith(page, `Resume ${name}`, picked);
    await expect
      .poll(() => toastText(page), { timeout: 30_000 })
      .toContain('Files uploaded successfully');
    // It asked the server where it stood and went on from there, not from the start.
    expect(resumedAt.length).toBeGreaterThan(0);
    expect(Math.min(...resumedAt)).toBeGreaterThan(0);
    await expect.poll(() => page.locator(`video[aria-label="${name}"]`).count()).toBe(1);
    expect(await list.getByRole('heading', { name: /Unfinished uploads/ }).count()).toBe(0);
    expect(await list.innerText()).toContain('You can add 1 more file.');

    const held = await heldOnServer(task.id);
    expect(held.unfinished).toBe(0);
    expect(held.files).toHaveLength(1);
    const bytes = fs.readFileSync(path.join(storageDir(e2e.dataDir), held.files[0]!.fileKey));
    expect(sha256(bytes)).toBe(sha256(video));
    await expectAccessible(page, problems);
    await context.close();
  }, 120_000);
});
