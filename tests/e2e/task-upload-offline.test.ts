import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dialog, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, toastText, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { mp4Bytes } from '../support/files.ts';

const e2e = useE2E();

/** A phone's uplink: a 24 MB video takes several seconds, so the network can go mid-way. */
const uplink = { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 4 << 20 };

describe('a long video while the phone goes offline', () => {
  it('asks before the page is left, says it waits for the connection, and resumes', async () => {
    const creator = await createUser(e2e.db);
    const task = await createTask(e2e.db, { title: 'Night market', contentType: 'video' });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-e2e-'));
    const picked = path.join(folder, 'night-market.mp4');
    fs.writeFileSync(picked, Buffer.concat([mp4Bytes(64), randomBytes(24 * 1024 * 1024)]));

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    const dialogs: Dialog[] = [];
    // Whoever is asked stays on the page.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog);
      void dialog.dismiss();
    });
    await e2e.signInAs(context, creator);
    await page.goto(`/tasks/${task.id}`);
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', uplink);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose Files' }).click();
    await (await chooser).setFiles(picked);
    const firstPiece = page.waitForResponse(
      (response: Response) =>
        response.request().method() === 'PATCH' &&
        new URL(response.url()).pathname.startsWith('/api/uploads/'),
    );
    await page.getByRole('button', { name: 'Upload 1 File' }).click();
    expect((await firstPiece).status()).toBe(204);

    // Closing the page while it sends asks first (beforeunload); staying keeps the upload going.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs.map((dialog) => dialog.type())).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);

    // The network goes: the page says the upload waits for it, in a live region.
    await context.setOffline(true);
    const status = page.getByRole('status').filter({ hasText: "You're offline." });
    await expect
      .poll(() => status.innerText())
      .toBe(
        "You're offline. The upload waits for the connection and resumes by itself: keep this page open.",
      );
    expect(await page.getByText('Waiting for the connection...').isVisible()).toBe(true);
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    const shown = Number(await bar.getAttribute('aria-valuenow'));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    expect(await page.getByText('Upload failed').count()).toBe(0);
    await expectAccessible(page, problems, { uploadNetworkDropped: true });

    await context.setOffline(false);
    await expect
      .poll(() => toastText(page), { timeout: 30_000 })
      .toContain('Files uploaded successfully');
    await expect.poll(() => page.locator('video[aria-label="night-market.mp4"]').count()).toBe(1);
    expect(await page.getByText("You're offline.").count()).toBe(0);

    // With nothing under way, the page closes without asking.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toHaveLength(1);
    await context.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }, 120_000);
});
