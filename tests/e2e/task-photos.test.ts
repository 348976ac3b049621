import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, toastText, useE2E } from '../support/e2e.ts';
import { unexpectedProblems } from './problems.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { heicPhotoBytes, heicPhotoSize, pngBytes } from '../support/files.ts';

const e2e = useE2E();

/** A creator with a photo task in progress, and an administrator to review it. */
async function photoTask() {
  const stamp = Date.now().toString(36);
  const admin = await createUser(e2e.db, { isAdmin: true, username: `lead_${stamp}` });
  const creator = await createUser(e2e.db, {
    username: `ines_${stamp}`,
    firstName: 'Ines',
    lastName: `Costa${stamp}`,
  });
  const task = await createTask(e2e.db, { title: `Street style ${stamp}`, contentType: 'photo' });
  await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
  return { admin, creator, task, creatorName: `Ines Costa${stamp}` };
}

/** The creator, on a phone, sends one photo through the page's picker. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type="file"]').setInputFiles([file]);
  await page.getByRole('button', { name: 'Upload 1 File' }).click();
  await expect.poll(() => toastText(page)).toContain('Files uploaded successfully');
}

/** The size an <img> was decoded at: 0 × 0 while it loads or when it is broken. */
function naturalSize(image: Locator) {
  return image.evaluate((element: HTMLImageElement) =>
    element.complete ? [element.naturalWidth, element.naturalHeight] : [0, 0],
  );
}

describe('task photos in the browser', () => {
  it("a task's first photo is asked for with its page, once, and is the picture drawn first, for its creator and for the reviewer", async () => {
    const { admin, creator, task } = await photoTask();
    const setUp = await e2e.openPage(viewports.phone);
    await e2e.signInAs(setUp.context, creator);
    await setUp.page.goto(`/tasks/${task.id}`);
    for (const [name, colour] of [
      ['first.png', [220, 120, 60]],
      ['second.png', [60, 120, 220]],
    ] as const) {
      await upload(setUp.page, { name, mimeType: 'image/png', buffer: pngBytes(640, 480, colour) });
    }
    await setUp.context.close();

    const opens = [
      { who: creator, path: `/tasks/${task.id}`, viewport: viewports.phone },
      { who: admin, path: `/admin/task-requests/${task.id}`, viewport: viewports.desktop },
    ];
    for (const { who, path, viewport } of opens) {
      const { page, context, problems } = await e2e.openPage(viewport);
      await e2e.signInAs(context, who);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      const opened = await page.goto(path);
      const first = page.locator('img[fetchpriority="high"]');
      await expect.poll(() => naturalSize(first)).toEqual([480, 360]);
      const picture = (await first.getAttribute('src'))!;
      const second = page.locator('figure img').nth(1);
      // The first file's thumbnail, named in the page's answer, before any script of the app.
      expect(await page.locator('figure img').first().getAttribute('src')).toBe(picture);
      expect(await second.getAttribute('fetchpriority')).toBe('auto');
      expect(await opened!.headerValue('link')).toContain(
        `<${picture}>; rel=preload; as=image; fetchpriority=high`,
      );
      // The drawn picture is the preloaded one: asked for once, before the app's code.
      expect(asked.filter((pathname) => pathname === picture)).toHaveLength(1);
      const appCode = asked.findIndex((pathname) => pathname.includes('/entry-client-'));
      expect(asked.indexOf(picture)).toBeLessThan(appCode);
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("the reviewer opens a photo full size from the keyboard: nothing of the page shows behind it, and Escape gives focus back to the photo's thumbnail", async () => {
    const { admin, creator, task, creatorName } = await photoTask();
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, creator);
    await phone.page.goto(`/tasks/${task.id}`);
    await upload(phone.page, {
      name: 'corner.png',
      mimeType: 'image/png',
      buffer: pngBytes(640, 480, [220, 120, 60]),
    });
    await phone.context.close();

    const { page, context, problems } = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(context, admin);
    await page.goto(`/admin/task-requests/${task.id}`);
    const part = page.getByRole('region', { name: new RegExp(creatorName) });
    const thumbnail = part.getByRole('button', { name: 'View full size: corner.png' });
    // The server's small thumbnail, 480 pixels on its longer side.
    await expect.poll(() => naturalSize(thumbnail.locator('img'))).toEqual([480, 360]);

    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'corner.png' });
    const full = lightbox.getByRole('img', { name: 'corner.png' });
    await expect.poll(() => naturalSize(full)).toEqual([640, 480]);
    expect(await lightbox.getAttribute('aria-modal')).toBe('true');
    // The page's header, under the lightbox: what is drawn at its middle belongs to the lightbox,
    // which, like the backdrop around it, is painted fully opaque, so none of the header shows.
    const covered = await page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const dialog = document.querySelector('dialog[open]')!;
      const top = document.elementFromPoint(header.left + header.width / 2, header.bottom / 2);
      return {
        hitsLightbox: dialog.contains(top),
        backdrop: getComputedStyle(dialog, '::backdrop').backgroundColor,
        lightbox: getComputedStyle(dialog).backgroundColor,
      };
    });
    expect(covered).toEqual({
      hitsLightbox: true,
      backdrop: 'rgb(0, 0, 0)',
      lightbox: 'rgb(0, 0, 0)',
    });
    await expectAccessible(page, problems);

    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.isVisible()).toBe(false);
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
    // Two people's screens on a machine shared with other runs: a hang guard, not a speed check.
  }, 120_000);

  it("an iPhone's HEIC photo shows as a thumbnail to its creator and to the reviewer, and opens full size", async () => {
    const { admin, creator, task, creatorName } = await photoTask();
    const { width, height } = heicPhotoSize;

    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, creator);
    await phone.page.goto(`/tasks/${task.id}`);
    await upload(phone.page, {
      name: 'IMG_0042.HEIC',
      mimeType: 'image/heic',
      buffer: heicPhotoBytes(),
    });
    const own = phone.page.getByRole('img', { name: 'IMG_0042.HEIC' });
    await expect.poll(() => naturalSize(own)).toEqual([width, height]);
    expect(await phone.page.getByText('No preview available').count()).toBe(0);
    await expectAccessible(phone.page, phone.problems);
    await phone.context.close();

    const { page, context, problems } = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(context, admin);
    await page.goto(`/admin/task-requests/${task.id}`);
    const part = page.getByRole('region', { name: new RegExp(creatorName) });
    const thumbnail = part.getByRole('button', { name: 'View full size: IMG_0042.HEIC' });
    await expect.poll(() => naturalSize(thumbnail.locator('img'))).toEqual([width, height]);
    await thumbnail.click();
    const lightbox = page.getByRole('dialog', { name: 'IMG_0042.HEIC' });
    const full = lightbox.getByRole('img', { name: 'IMG_0042.HEIC' });
    await expect.poll(() => naturalSize(full)).toEqual([width, height]);
    // The original stays what is downloaded.
    expect(
      await lightbox.getByRole('link', { name: 'Download IMG_0042.HEIC' }).getAttribute('download'),
    ).toBe('IMG_0042.HEIC');
    await expectAccessible(page, problems);
    await context.close();
  }, 120_000);
});
