import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports, type OpenedPage } from '../support/browser.ts';
import { toastText, useE2E } from '../support/e2e.ts';
import {
  assignTask,
  createApplication,
  createCompensation,
  createNotification,
  createTask,
  createTaskUpload,
  createUser,
} from '../support/factories.ts';
import { mp4Bytes } from '../support/files.ts';
import { storageDir } from '../../src/server/storage/storage.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();

/** A signed-in screen's first showing on a busy machine (see compensation.test.ts). */
const firstShowing = { timeout: 30_000 };

/**
 * Holds the page's `method` requests to the address `pathname` matches until `release()`, so a
 * test sees the screen while the request runs, and counts them.
 */
async function holdRequests(page: Page, method: string, pathname: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(
    (url) => pathname.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      count++;
      await released;
      return route.continue();
    },
  );
  return { count: () => count, release };
}

/**
 * Double-clicks an action's button with its request held: one request goes, and while it runs
 * the button reads `pendingLabel`, does nothing (aria-disabled) and keeps its place and size.
 * Then the request is let through.
 */
async function doubleTap(
  page: Page,
  button: Locator,
  request: { method: string; path: RegExp; pendingLabel: string },
) {
  const held = await holdRequests(page, request.method, request.path);
  await button.scrollIntoViewIfNeeded();
  const element = await button.elementHandle();
  if (!element) throw new Error('The button is not on screen');
  const before = await element.boundingBox();
  await button.dblclick();
  await expect.poll(() => held.count()).toBe(1);
  await expect.poll(() => element.innerText()).toBe(request.pendingLabel);
  expect(await element.getAttribute('aria-disabled')).toBe('true');
  expect(await element.boundingBox()).toEqual(before);
  held.release();
  return held;
}

/** No refusal reached the page: no failed request logged, no failure toast. */
async function expectNoRefusal({ page, problems }: OpenedPage) {
  expect(unexpectedProblems(problems)).toEqual([]);
  // The toasts' region is there once a first toast was shown.
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  if ((await toasts.count()) > 0) expect(await toasts.innerText()).not.toMatch(/Error|Failed/);
}

/** A file a creator sent for a task, its bytes in the server's storage. */
async function sentFile(taskId: string, userId: string) {
  const upload = await createTaskUpload(e2e.db, { taskId, userId, fileType: 'video/mp4' });
  const file = path.join(storageDir(e2e.dataDir), upload.fileKey);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, mp4Bytes());
}

const stamp = () => Date.now().toString(36);

describe('double taps do the work once and say so', () => {
  it('signing in', async () => {
    const person = await createUser(e2e.db, {
      username: `tapper_${stamp()}`,
      password: 'secret-words',
    });
    const visitor = await e2e.openPage(viewports.phone);
    const { page } = visitor;
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill('secret-words');
    const held = await doubleTap(page, page.getByRole('button', { name: 'Sign In' }), {
      method: 'POST',
      path: /^\/api\/auth\/login$/,
      pendingLabel: 'Signing In...',
    });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => toastText(page)).toMatch(/Welcome/);
    expect(held.count()).toBe(1);
    const sessions = await e2e.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', person.id)
      .execute();
    expect(sessions).toHaveLength(1);
    await expectNoRefusal(visitor);
  });

  it('approving an application: the invitation link stays on screen', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const email = `ines.${stamp()}@example.com`;
    await createApplication(e2e.db, { firstName: 'Ines', lastName: 'Tapper', email });
    const staff = await e2e.openPage(viewports.desktop);
    const { page } = staff;
    await e2e.signInAs(staff.context, admin);
    await page.goto('/admin/applications');
    await page.getByLabel('Search applications').fill(email);
    await page.getByRole('button', { name: 'Review Application: Ines Tapper' }).click(firstShowing);
    const dialog = page.getByRole('dialog', { name: 'Review Application' });
    await dialog.getByLabel('New Status').selectOption('approved');
    const held = await doubleTap(page, dialog.getByRole('button', { name: 'Update Status' }), {
      method: 'PUT',
      path: /^\/api\/admin\/applications-v2\/[\w-]+\/status$/,
      pendingLabel: 'Updating...',
    });

    // No mail server on this run: the link waits in the outbox, for the administrator to pass on.
    await expect
      .poll(() => dialog.getByLabel('Invitation link').inputValue())
      .toContain('/reset-password?token=');
    expect(await dialog.getByRole('heading', { level: 3 }).allInnerTexts()).toContain(
      'Invitation in the outbox: pass the link on',
    );
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Status Locked' }).isVisible())
      .toBe(true);
    expect(await dialog.innerText()).not.toContain('Update Failed');
    expect(held.count()).toBe(1);

    const accounts = await e2e.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
    const welcomes = await e2e.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', accounts[0]!.id)
      .execute();
    expect(welcomes).toHaveLength(1);
    const outbox = path.join(e2e.dataDir, 'outbox');
    const invitations = fs
      .readdirSync(outbox)
      .filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(email));
    expect(invitations).toHaveLength(1);
    await expectNoRefusal(staff);
  });

  it('submitting a task for review', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const creator = await createUser(e2e.db);
    const task = await createTask(e2e.db, { title: `Double tap ${stamp()}` });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
    await sentFile(task.id, creator.id);
    const phone = await e2e.openPage(viewports.phone);
    const { page } = phone;
    await e2e.signInAs(phone.context, creator);
    await page.goto(`/tasks/${task.id}`);
    const submit = page.getByRole('button', { name: 'Submit for Review' });
    await submit.waitFor(firstShowing);
    const held = await doubleTap(page, submit, {
      method: 'PATCH',
      path: new RegExp(`^/api/tasks/${task.id}/status$`),
      pendingLabel: 'Saving...',
    });
    await expect.poll(() => toastText(page)).toContain('Task status updated successfully');
    await expect
      .poll(() => page.getByText('Your work is submitted for review.').isVisible())
      .toBe(true);
    expect(held.count()).toBe(1);
    const notices = await e2e.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', admin.id)
      .where('relatedId', '=', task.id)
      .execute();
    expect(notices).toEqual([{ title: 'Task submitted for review' }]);
    await expectNoRefusal(phone);
  });

  it('approving a submission', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const creator = await createUser(e2e.db, { firstName: 'Tomas', lastName: `Tap${stamp()}` });
    const task = await createTask(e2e.db);
    await assignTask(e2e.db, {
      taskId: task.id,
      userId: creator.id,
      status: 'submitted',
      submittedAt: new Date().toISOString(),
    });
    await sentFile(task.id, creator.id);
    const staff = await e2e.openPage(viewports.desktop);
    const { page } = staff;
    await e2e.signInAs(staff.context, admin);
    await page.goto(`/admin/task-requests/${task.id}`);
    const part = page.getByRole('region', { name: new RegExp(creator.lastName!) });
    await part.getByRole('button', { name: 'Approve' }).click(firstShowing);
    const confirm = page.getByRole('dialog', { name: 'Approve this submission?' });
    const held = await doubleTap(page, confirm.getByRole('button', { name: 'Approve' }), {
      method: 'POST',
      path: new RegExp(`^/api/admin/tasks/${task.id}/assignees/${creator.id}/review$`),
      pendingLabel: 'Approving...',
    });
    await expect.poll(() => toastText(page)).toContain('Submission approved');
    await expect.poll(() => part.getByText(/^Completed by/).isVisible()).toBe(true);
    expect(held.count()).toBe(1);
    const reviews = await e2e.db
      .selectFrom('taskReviews')
      .select('decision')
      .where('taskId', '=', task.id)
      .execute();
    expect(reviews).toEqual([{ decision: 'approved' }]);
    const notices = await e2e.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', creator.id)
      .execute();
    expect(notices).toEqual([{ title: 'Task approved' }]);
    await expectNoRefusal(staff);
  });

  it('publishing a month of pay', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const creator = await createUser(e2e.db);
    const now = new Date();
    const period = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(now);
    const entry = await createCompensation(e2e.db, creator.id, {
      month: now.getMonth() + 1,
      year: now.getFullYear(),
    });
    const staff = await e2e.openPage(viewports.desktop);
    const { page } = staff;
    await e2e.signInAs(staff.context, admin);
    await page.goto(`/admin/compensation/${creator.id}`);
    await page
      .getByRole('button', { name: `Publish compensation of ${period}` })
      .click(firstShowing);
    const confirm = page.getByRole('dialog', { name: 'Publish Compensation' });
    const held = await doubleTap(page, confirm.getByRole('button', { name: 'Publish' }), {
      method: 'POST',
      path: new RegExp(`^/api/admin/compensations/${entry.id}/publish$`),
      pendingLabel: 'Publishing...',
    });
    await expect
      .poll(() => toastText(page))
      .toContain('Compensation published and notification sent to influencer');
    expect(held.count()).toBe(1);
    const notices = await e2e.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', creator.id)
      .execute();
    expect(notices).toEqual([{ title: 'Compensation published' }]);
    const changes = await e2e.db
      .selectFrom('auditEntries')
      .select('kind')
      .where('subjectId', '=', entry.id)
      .execute();
    expect(changes).toEqual([{ kind: 'compensation.published' }]);
    await expectNoRefusal(staff);
  });

  it('marking all notifications read', async () => {
    const creator = await createUser(e2e.db);
    for (let n = 0; n < 3; n++) await createNotification(e2e.db, creator.id);
    const phone = await e2e.openPage(viewports.phone);
    const { page } = phone;
    await e2e.signInAs(phone.context, creator);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click(firstShowing);
    const held = await doubleTap(page, page.getByRole('button', { name: 'Mark all read' }), {
      method: 'POST',
      path: /^\/api\/notifications\/read-all$/,
      pendingLabel: 'Marking read...',
    });
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
    expect(held.count()).toBe(1);
    const unread = await e2e.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', creator.id)
      .where('isRead', '=', false)
      .execute();
    expect(unread).toEqual([]);
    await expectNoRefusal(phone);
  });

  it('saving a create dialog', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const username = `newcomer_${stamp()}`;
    const staff = await e2e.openPage(viewports.desktop);
    const { page } = staff;
    await e2e.signInAs(staff.context, admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click(firstShowing);
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Password').fill('newcomer-secret');
    const held = await doubleTap(page, dialog.getByRole('button', { name: 'Create User' }), {
      method: 'POST',
      path: /^\/api\/admin\/users$/,
      pendingLabel: 'Saving...',
    });
    await expect.poll(() => toastText(page)).toContain('User Created');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(held.count()).toBe(1);
    const created = await e2e.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .execute();
    expect(created).toHaveLength(1);
    await expectNoRefusal(staff);
  });

  it("opening a dialog: the second click doesn't close it again", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const creator = await createUser(e2e.db, { firstName: 'Dora', lastName: 'Double' });
    const phone = await e2e.openPage(viewports.phone);
    const { page } = phone;
    await e2e.signInAs(phone.context, admin);
    await page.goto('/admin/users');
    await page
      .getByRole('searchbox', { name: 'Search users' })
      .fill(creator.username, firstShowing);
    // The button sits where the dialog's backdrop comes: the second click lands on the backdrop.
    await page.getByRole('button', { name: `View details: ${creator.username}` }).dblclick();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect.poll(() => details.getByText('Dora Double').isVisible()).toBe(true);
    // A click on the backdrop closes it, as before.
    await page.mouse.click(180, 10);
    await expect.poll(() => details.isVisible()).toBe(false);
    await expectNoRefusal(phone);
  });
});
