import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storageDir } from '../../src/server/storage/storage.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E, toastText } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { mp4Bytes } from '../support/files.ts';

const e2e = useE2E();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A phone's uplink, and the same with no network at all. */
const online = { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 8 << 20 };
const offline = { ...online, offline: true };

describe('a long video over a network that drops', () => {
  it('resumes where the bytes stopped once the phone is online again, and completes', async () => {
    const creator = await createUser(e2e.db);
    const task = await createTask(e2e.db, { title: 'Sunset run', contentType: 'video' });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
    // Large enough to go over tus (20 MB and more) in several pieces, different in every byte.
    const video = Buffer.concat([mp4Bytes(64), randomBytes(24 * 1024 * 1024)]);

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    // The page's timers run on a clock the test can move on, so a long time offline takes none.
    await context.clock.install();
    await e2e.signInAs(context, creator);
    const resumedAt: number[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().method() === 'HEAD' && pathname.startsWith('/api/uploads/')) {
        resumedAt.push(Number(response.headers()['upload-offset']));
      }
    });
    await page.goto(`/tasks/${task.id}`);
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', online);

    // From a file on disk, as a phone's picker gives it (a large buffer is slow through the
    // driver's protocol).
    const picked = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tus-e2e-')), 'sunset-run.mp4');
    fs.writeFileSync(picked, video);
    await page.locator('input[type="file"]').setInputFiles(picked);
    const isPiece = (response: Response) =>
      response.request().method() === 'PATCH' &&
      new URL(response.url()).pathname.startsWith('/api/uploads/');
    const firstPiece = page.waitForResponse(isPiece);
    await page.getByRole('button', { name: 'Upload 1 File' }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    const shown = async () => Number(await progress.getAttribute('aria-valuenow'));

    // The network goes away once the first piece is in.
    expect((await firstPiece).status()).toBe(204);
    const cut = page.waitForEvent('requestfailed', (request) =>
      new URL(request.url()).pathname.startsWith('/api/uploads/'),
    );
    await network.send('Network.emulateNetworkConditions', offline);
    expect((await cut).failure()?.errorText).toMatch(/INTERNET_DISCONNECTED/);
    // The page knows it is offline; then a while passes for it, longer than every retry delay
    // and pause of the upload: whatever it would try again or give up on has come due.
    await page.waitForFunction(() => !navigator.onLine);
    await page.clock.runFor(20_000);
    // Still under way, with what was sent before the drop kept, and no failure told.
    expect(await progress.isVisible()).toBe(true);
    expect(await shown()).toBeGreaterThan(0);
    expect(await shown()).toBeLessThan(100);
    expect(await page.getByText('Upload failed').count()).toBe(0);
    await network.send('Network.emulateNetworkConditions', online);

    await expect
      .poll(() => toastText(page), { timeout: 45_000 })
      .toContain('Files uploaded successfully');
    // It asked the server where it stood and went on from there, not from the start.
    expect(resumedAt.length).toBeGreaterThan(0);
    expect(Math.max(...resumedAt)).toBeGreaterThan(0);

    await expect.poll(() => page.locator('video[aria-label="sunset-run.mp4"]').count()).toBe(1);
    expect(await page.getByText('24 MB').count()).toBeGreaterThan(0);
    const stored = await e2e.db
      .selectFrom('taskUploads')
      .select(['fileKey', 'fileSize'])
      .where('taskId', '=', task.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.fileSize).toBe(video.length);
    const bytes = fs.readFileSync(path.join(storageDir(e2e.dataDir), stored[0]!.fileKey));
    expect(sha256(bytes)).toBe(sha256(video));
    await expectAccessible(page, problems, { uploadNetworkDropped: true });
    await context.close();
    fs.rmSync(path.dirname(picked), { recursive: true, force: true });
  });
});
