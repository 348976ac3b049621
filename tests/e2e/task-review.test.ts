import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E, toastText } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { pngBytes } from '../support/files.ts';

const e2e = useE2E();

const photo = (name: string, shade: number) => ({
  name,
  mimeType: 'image/png',
  buffer: pngBytes(640, 480, [200, 100 + shade, 80]),
});

/** The creator, on a phone: adds one photo and submits the task for review. */
async function uploadAndSubmit(page: Page, file: ReturnType<typeof photo>) {
  await page.locator('input[type="file"]').setInputFiles([file]);
  await page.getByRole('button', { name: 'Upload 1 File' }).click();
  await expect.poll(() => toastText(page)).toContain('Files uploaded successfully');
  await expect.poll(() => page.getByRole('img', { name: file.name }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Submit Task' }).click();
  await expect
    .poll(() => page.getByText('Your work is submitted for review.').isVisible())
    .toBe(true);
}

describe('reviewing a task in the browser', () => {
  it('a creator on a phone submits; the administrator asks for changes; she reads them, uploads again and resubmits; the administrator approves', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, {
      isAdmin: true,
      username: `lead_${stamp}`,
      firstName: 'Rita',
      lastName: `Lead${stamp}`,
    });
    const sofia = await createUser(e2e.db, {
      username: `sofia_${stamp}`,
      firstName: 'Sofia',
      lastName: `Moreno${stamp}`,
    });
    const title = `Studio lookbook ${stamp}`;
    const task = await createTask(e2e.db, { title, contentType: 'photo', maxFiles: 5 });
    await assignTask(e2e.db, { taskId: task.id, userId: sofia.id, status: 'in_progress' });
    const note = 'The background is too busy: shoot against the white wall, please.';

    // Sofia, on her phone, uploads a photo and submits.
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, sofia);
    await phone.page.goto(`/tasks/${task.id}`);
    await uploadAndSubmit(phone.page, photo('first-look.png', 0));
    await expectAccessible(phone.page, phone.problems);

    // The administrator opens the task from its card and sees her work.
    const staff = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(staff.context, admin);
    await staff.page.goto('/admin/task-requests');
    await staff.page.getByRole('link', { name: `Review task: ${title}` }).click();
    await staff.page.waitForURL((url) => url.pathname === `/admin/task-requests/${task.id}`);
    const part = staff.page.getByRole('region', { name: new RegExp(`Sofia Moreno${stamp}`) });
    await expect.poll(() => part.getByText('Awaiting your review').isVisible()).toBe(true);
    await expectAccessible(staff.page, staff.problems);

    // The thumbnail opens the full-size photo; Escape closes it.
    await part.getByRole('button', { name: 'View full size: first-look.png' }).click();
    const lightbox = staff.page.getByRole('dialog', { name: 'first-look.png' });
    await expect
      .poll(() => lightbox.getByRole('img', { name: 'first-look.png' }).isVisible())
      .toBe(true);
    expect(
      await lightbox
        .getByRole('link', { name: 'Download first-look.png' })
        .getAttribute('download'),
    ).toBe('first-look.png');
    await expectAccessible(staff.page, staff.problems);
    await staff.page.keyboard.press('Escape');
    await expect.poll(() => lightbox.isVisible()).toBe(false);

    // Asking for changes needs a note.
    await part.getByRole('button', { name: 'Request changes' }).click();
    const dialog = staff.page.getByRole('dialog', { name: /Request changes from Sofia/ });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => dialog.getByText('Feedback is required').isVisible()).toBe(true);
    await dialog.getByLabel('Feedback').fill(note);
    await expectAccessible(staff.page, staff.problems);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Changes requested');
    await expect.poll(() => part.getByText(note).isVisible()).toBe(true);
    expect(await part.getByText('In Progress').first().isVisible()).toBe(true);

    // Sofia sees the note above the upload card, and in her bell.
    await phone.page.reload();
    const changes = phone.page.getByRole('region', { name: 'Changes requested' });
    await expect.poll(() => changes.getByText(note).isVisible()).toBe(true);
    await phone.page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
    await expect
      .poll(() => phone.page.getByRole('dialog').getByText(`${title}: ${note}`).isVisible())
      .toBe(true);
    await expectAccessible(phone.page, phone.problems);
    await phone.page.keyboard.press('Escape');

    // She uploads a new photo and submits again; the note gives way to the history.
    await uploadAndSubmit(phone.page, photo('white-wall.png', 60));
    expect(await changes.isVisible()).toBe(false);
    const history = phone.page.getByRole('region', { name: 'Review history' });
    expect(await history.getByText(note).isVisible()).toBe(true);
    await expectAccessible(phone.page, phone.problems);

    // The administrator approves the new submission.
    await staff.page.reload();
    await expect.poll(() => part.getByText('Awaiting your review').isVisible()).toBe(true);
    await part.getByRole('button', { name: 'Approve' }).click();
    const confirm = staff.page.getByRole('dialog', { name: 'Approve this submission?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Submission approved');
    await expect
      .poll(() => part.getByText(`Completed by Rita Lead${stamp}`).isVisible())
      .toBe(true);
    await expectAccessible(staff.page, staff.problems);

    // Sofia's task is completed, with both reviews kept.
    await phone.page.reload();
    await expect.poll(() => phone.page.getByText('This task is completed.').isVisible()).toBe(true);
    expect(await history.getByRole('listitem').count()).toBe(2);
    await expectAccessible(phone.page, phone.problems);

    for (const opened of [phone, staff]) await opened.context.close();
    // Two people's screens, each visited several times, on a machine shared with other runs.
  }, 240_000);
});
