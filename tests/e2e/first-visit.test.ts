import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';

/**
 * Issue 13, points 4, 8, 9, 13 and 14, as a new creator and an administrator meet them: the
 * dashboard's words true on a first visit, a language choice in Settings, user cards whose names
 * fit and whose actions sit in one row, no offer to delete oneself, and one site name.
 */
const e2e = useE2E();
const pt = catalogues.pt;

async function signInThroughForm(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const heading1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('a first visit', () => {
  it('welcomes a new creator without "back" and ticks no step they have not done', async () => {
    // As an approved applicant arrives: every profile field filled in from the application.
    const creator = await createUser(e2e.db, {
      username: `lucia_${Date.now().toString(36)}`,
      firstName: 'Lucía',
      lastName: 'Gómez',
      password: 'first-visit-secret',
    });
    const { page, context, problems } = await e2e.openPage(viewports.phone);

    await signInThroughForm(page, creator.email, 'first-visit-secret');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => heading1(page)).toBe(`Welcome, ${creator.username}!`);
    // The sign-in's toast says the same, not "Welcome back".
    await expect
      .poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText())
      .toContain(`Welcome, ${creator.username}!`);
    const figures = page.getByRole('region', { name: 'Key figures' });
    await expect
      .poll(() => figures.getByText('Filled in for you: check it in Settings').isVisible())
      .toBe(true);
    expect(await figures.getByText('Complete', { exact: true }).count()).toBe(0);
    const firstStep = page.getByRole('link', { name: /^1\. Check your profile/ });
    expect(await firstStep.innerText()).not.toContain('done');
    await expectAccessible(page, problems);

    // The site's own name, not a generic "Agency", heads the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Creator Agency' }).isVisible())
      .toBe(true);
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');

    // Checking the profile is saving it; the dashboard then ticks the step.
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText())
      .toContain('Profile updated successfully');
    await page.goto('/dashboard');
    await expect.poll(() => firstStep.innerText()).toContain('done');
    expect(await figures.getByText('Complete', { exact: true }).isVisible()).toBe(true);

    await context.close();
  });

  it('lets a creator choose their language in Settings, as the welcome notice says', async () => {
    const creator = await createUser(e2e.db, { username: `joana_${Date.now().toString(36)}` });
    const { page, context, problems } = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(context, creator);

    // The page switches to the chosen language at once, and keeps it.
    await page.goto('/settings');
    await page.getByLabel('Your language', { exact: true }).selectOption('pt');
    await expect.poll(() => heading1(page)).toBe(pt['page.settings']);
    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .selectFrom('users')
              .select('preferredLanguage')
              .where('id', '=', creator.id)
              .executeTakeFirstOrThrow()
          ).preferredLanguage,
      )
      .toBe('pt');
    // The person is told it was saved, in the language just chosen.
    await expect.poll(() => page.getByText(pt['settings.languageSaved']!).isVisible()).toBe(true);
    await expectAccessible(page, problems);
    await page.reload();
    await expect.poll(() => heading1(page)).toBe(pt['page.settings']);
    expect(await page.getByLabel(pt['settings.languageLabel']!, { exact: true }).inputValue()).toBe(
      'pt',
    );
    await context.close();
  });

  it('welcomes back someone who has signed in before', async () => {
    const creator = await createUser(e2e.db, {
      username: `back_${Date.now().toString(36)}`,
      password: 'returning-secret',
      lastSignInAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const { page, context } = await e2e.openPage(viewports.desktop);
    await signInThroughForm(page, creator.username, 'returning-secret');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => heading1(page)).toBe(`Welcome back, ${creator.username}!`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText())
      .toContain(`Welcome back, ${creator.username}!`);
    await context.close();
  });
});

describe('the users screen', () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    it(`on a ${size}: names fit their cards, the actions sit in one row, and nobody is offered to delete themselves`, async () => {
      const admin = await createUser(e2e.db, {
        username: `demo_admin_${size}`,
        firstName: 'Maria',
        lastName: 'Silva Fernandes',
        isAdmin: true,
      });
      const { page, context, problems } = await e2e.openPage(viewport);
      await e2e.signInAs(context, admin);
      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(admin.username);
      const card = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: 'Maria Silva Fernandes' }),
      });
      await expect.poll(() => card.count()).toBe(1);

      // Nothing of the name or the username is cut off.
      for (const text of [card.getByRole('heading'), card.getByText(`@${admin.username}`)]) {
        expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
      }
      expect(await card.getByRole('heading').innerText()).toBe('Maria Silva Fernandes');

      // Five actions (a sixth resets a second factor, for someone who has one), one row.
      const actions = card.getByRole('button');
      expect(await actions.count()).toBe(5);
      const tops = await actions.evaluateAll((buttons) =>
        buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);

      // Their own card: Delete is there but refused, and says why to the keyboard too.
      const remove = card.getByRole('button', { name: `Delete: ${admin.username}` });
      expect(await remove.getAttribute('aria-disabled')).toBe('true');
      await card.getByRole('button', { name: `End sessions: ${admin.username}` }).focus();
      await page.keyboard.press('Tab');
      expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true);
      await expect
        .poll(() => page.getByRole('tooltip').innerText())
        .toBe('You cannot delete your own account.');
      expect(
        await remove.evaluate((element) => element.getAttribute('aria-describedby')),
      ).toBeTruthy();
      await page.keyboard.press('Enter');
      await remove.click({ force: true });
      expect(await page.getByRole('dialog', { name: 'Delete User' }).count()).toBe(0);
      await expectAccessible(page, problems);

      // Someone else's card still offers it.
      const other = await createUser(e2e.db, { firstName: 'Olga', lastName: 'Other' });
      await page.getByRole('searchbox', { name: 'Search users' }).fill(other.username);
      const otherDelete = page.getByRole('button', { name: `Delete: ${other.username}` });
      expect(await otherDelete.getAttribute('aria-disabled')).toBeNull();
      await otherDelete.click();
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Delete User' }).isVisible())
        .toBe(true);
      await context.close();
    });
  }
});
