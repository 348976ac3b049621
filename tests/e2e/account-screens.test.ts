import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import {
  assignTask,
  createCompensation,
  createNotification,
  createTask,
  createUser,
  type TestUser,
} from '../support/factories.ts';

const e2e = useE2E();
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  const { db } = e2e;
  // Usernames as long as one word can be in a heading ('Welcome, …!'), near the 50 allowed.
  const unique = Date.now().toString(36);
  admin = await createUser(db, {
    isAdmin: true,
    firstName: 'Ada',
    lastName: 'Admin',
    username: `ada_the_administrator_of_the_agency_${unique}`,
  });
  creator = await createUser(db, {
    firstName: 'Carla',
    lastName: 'Creator',
    username: `carla_the_creator_of_many_photos_${unique}`,
  });
  // A long name beside the Administrator badge, as real agencies have.
  await createUser(db, {
    isAdmin: true,
    firstName: 'Maximiliana',
    lastName: 'Bartholomew-Fernández',
  });
  const now = new Date().toISOString();
  for (const status of ['in_progress', 'completed'] as const) {
    const task = await createTask(db, { status });
    await assignTask(db, {
      taskId: task.id,
      userId: creator.id,
      status: status === 'completed' ? 'completed' : 'in_progress',
    });
  }
  const paid = await createCompensation(db, creator.id, {
    month: 1,
    amountCents: 125_050,
    status: 'published',
    publishedAt: now,
  });
  await createCompensation(db, creator.id, { month: 2, amountCents: 99_900 });
  await createNotification(db, creator.id, {
    type: 'compensation',
    title: 'Compensation published',
    message: 'Your January payment is ready.',
    relatedId: paid.id,
  });
  await createNotification(db, creator.id, { title: 'Task assigned', type: 'task' });
});

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

describe('account screens', () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    describe(`on a ${size}`, () => {
      it('the sign-in and reset pages', async () => {
        const { page, context, problems } = await e2e.openPage(viewport);
        await page.goto('/login');
        await expect.poll(() => heading(page, 'Welcome back').isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(
          '/apply',
        );
        await expectAccessible(page, problems);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await expect
          .poll(() => page.getByRole('dialog', { name: 'Reset your password' }).isVisible())
          .toBe(true);
        await expectAccessible(page, problems);
        await page.keyboard.press('Escape');
        await expect
          .poll(() => page.getByRole('dialog', { name: 'Reset your password' }).isVisible())
          .toBe(false);

        await page.goto('/reset-password?token=not-a-real-token');
        await expect.poll(() => heading(page, 'Choose a new password').isVisible()).toBe(true);
        await expectAccessible(page, problems);
        await page.goto('/reset-password');
        await expect
          .poll(() => page.getByText('This reset link is invalid').isVisible())
          .toBe(true);
        await context.close();
      });

      it("the administrator's dashboard, users and settings", async () => {
        const { page, context, problems } = await e2e.openPage(viewport);
        await e2e.signInAs(context, admin);

        await page.goto('/admin/dashboard');
        await expect
          .poll(() => heading(page, `Welcome, ${admin.username}!`).isVisible())
          .toBe(true);
        // True figures: the database answers, and no backup has ever been made.
        const status = page.getByRole('definition');
        await expect.poll(() => status.filter({ hasText: 'Connected' }).count()).toBe(1);
        expect(await status.filter({ hasText: 'Never' }).count()).toBe(1);
        await expectAccessible(page, problems);

        await page.goto('/admin/users');
        await expect.poll(() => heading(page, 'User Management').isVisible()).toBe(true);
        await expect
          .poll(() => page.getByRole('heading', { name: 'Carla Creator' }).isVisible())
          .toBe(true);
        await expectAccessible(page, problems);
        await page.getByRole('searchbox', { name: 'Search users' }).fill('no such person');
        await expect
          .poll(() => page.getByText('No users found matching your criteria.').isVisible())
          .toBe(true);
        await page.getByRole('searchbox', { name: 'Search users' }).fill('carla');
        await page.getByRole('combobox', { name: 'Filter by role' }).selectOption('admin');
        await expect
          .poll(() => page.getByText('No users found matching your criteria.').isVisible())
          .toBe(true);
        await page.getByRole('combobox', { name: 'Filter by role' }).selectOption('user');
        await page.getByRole('button', { name: `View details: ${creator.username}` }).click();
        const details = page.getByRole('dialog', { name: 'User Details' });
        await expect.poll(() => details.getByText('Carla Creator').isVisible()).toBe(true);
        await expectAccessible(page, problems);
        await details.getByRole('button', { name: 'Close' }).first().click();
        await page.getByRole('button', { name: `Delete: ${creator.username}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete User' });
        await expect
          .poll(() =>
            confirm
              .getByText('Are you sure you want to delete this user? This action cannot be undone.')
              .isVisible(),
          )
          .toBe(true);
        await expectAccessible(page, problems);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        if (size === 'desktop') {
          // Deleting someone, confirmed, takes their card away.
          const leaving = await createUser(e2e.db, { firstName: 'Leo', lastName: 'Leaving' });
          await page.reload();
          await page.getByRole('searchbox', { name: 'Search users' }).fill('leo');
          await page.getByRole('button', { name: `Delete: ${leaving.username}` }).click();
          await confirm.getByRole('button', { name: 'Delete User' }).click();
          await expect
            .poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText())
            .toContain('User Deleted');
          await expect
            .poll(() => page.getByText('No users found matching your criteria.').isVisible())
            .toBe(true);
          await page.getByRole('searchbox', { name: 'Search users' }).fill('');
        }
        await page.getByRole('button', { name: 'Add User' }).click();
        const add = page.getByRole('dialog', { name: 'Add User' });
        // Typing goes straight into the first field, not to the close button.
        await expect
          .poll(() =>
            add.evaluate(
              (dialog) =>
                dialog.querySelector('input, select, textarea') === document.activeElement,
            ),
          )
          .toBe(true);
        await add.getByRole('button', { name: 'Create User' }).click();
        await expect
          .poll(() => add.getByText('Password must be at least 6 characters').isVisible())
          .toBe(true);
        await expectAccessible(page, problems);
        await page.keyboard.press('Escape');

        // Nothing has happened to this administrator yet: the bell says so.
        await page.getByRole('button', { name: 'Notifications', exact: true }).click();
        await expect.poll(() => page.getByText('No notifications yet').isVisible()).toBe(true);
        expect(
          await page.getByText("You'll see updates about your compensation here").isVisible(),
        ).toBe(true);
        await expectAccessible(page, problems);
        await page.getByRole('button', { name: 'Close notifications' }).click();

        await page.goto('/settings');
        await expect.poll(() => heading(page, 'Settings').isVisible()).toBe(true);
        await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(admin.username);
        expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
        expect(
          await page.getByText('Password must be at least 6 characters long').isVisible(),
        ).toBe(true);
        await expectAccessible(page, problems);
        await context.close();
      });

      it("the creator's dashboard, notifications and settings", async () => {
        const { page, context, problems } = await e2e.openPage(viewport);
        await e2e.signInAs(context, creator);

        await page.goto('/dashboard');
        await expect
          .poll(() => heading(page, `Welcome, ${creator.username}!`).isVisible())
          .toBe(true);
        const figures = page.getByRole('region', { name: 'Key figures' });
        await expect.poll(() => figures.getByText('$1,250.50').isVisible()).toBe(true);
        expect(await figures.getByText('100%').isVisible()).toBe(true);
        expect(await figures.getByRole('paragraph').allInnerTexts()).toEqual(
          expect.arrayContaining(['1', '1']),
        );
        await expectAccessible(page, problems);

        if (size === 'phone') {
          // The sidebar is folded away on a phone until the menu button opens it.
          const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
          expect(await sidebar.isVisible()).toBe(false);
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect.poll(() => sidebar.isVisible()).toBe(true);
          await expectAccessible(page, problems);
          await sidebar.getByRole('link', { name: 'Settings' }).click();
          await page.waitForURL((url) => url.pathname === '/settings');
          await expect.poll(() => sidebar.isVisible()).toBe(false);
          await page.goto('/dashboard');
        }

        await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
        const panel = page.getByRole('region', { name: 'Notifications', exact: true });
        await expect.poll(() => panel.getByText('Compensation published').isVisible()).toBe(true);
        await expectAccessible(page, problems);
        // A compensation notice opens the compensation page and closes the dropdown.
        await panel.getByRole('button', { name: /Compensation published/ }).click();
        await page.waitForURL((url) => url.pathname === '/compensation');
        await expect.poll(() => panel.count()).toBe(0);
        // A click elsewhere closes it too.
        await page.getByRole('button', { name: /Notifications/ }).click();
        await expect.poll(() => panel.isVisible()).toBe(true);
        await page.getByRole('main').click({ position: { x: 5, y: 5 } });
        await expect.poll(() => panel.count()).toBe(0);

        await page.goto('/settings');
        await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Carla');
        await expectAccessible(page, problems);
        await context.close();
      });
    });
  }

  it('keeps the signed-in frame out of the public pages', async () => {
    const { page, context } = await e2e.openPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('/signed-in-layout-'))).toEqual([]);
    await context.close();
  });
});
