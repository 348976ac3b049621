import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';

const e2e = useE2E();

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * The signed-in frame's menu (a drawer on a phone), the bell's panel and a list's filters are the
 * browser's own dialog and popovers: each must open, take the focus, close on Escape, on a tap
 * outside and on its own buttons, and hand the focus back to the button that opened it.
 */
describe('menus and panels', () => {
  it('the phone menu opens over the page, closes on Escape and on a tap beside it, and gives the focus back', async () => {
    const creator = await createUser(e2e.db);
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // The focus is in the drawer, on its first link; the page behind it cannot be reached.
    expect(await focusedName(page)).toBe('Creator Agency');
    expect(await drawer.getByRole('link', { name: 'Tasks' }).isVisible()).toBe(true);
    await expectAccessible(page, problems);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // A tap on the dimmed page beside the drawer closes it; its close button does too.
    await menuButton.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.mouse.click(viewports.phone.width - 10, viewports.phone.height / 2);
    await expect.poll(() => drawer.count()).toBe(0);
    await menuButton.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the bell's panel opens under the bell within the screen, closes on Escape and gives the focus back", async () => {
    const creator = await createUser(e2e.db);
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect.poll(() => bell.isVisible()).toBe(true);

    await bell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await bell.getAttribute('aria-expanded')).toBe('true');
    // Inside the screen, under the bell.
    const [bellBox, panelBox] = [await bell.boundingBox(), await panel.boundingBox()];
    expect(panelBox!.y).toBeGreaterThan(bellBox!.y + bellBox!.height);
    expect(panelBox!.x).toBeGreaterThanOrEqual(0);
    expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(viewports.phone.width);
    // The focus went into the panel.
    expect(await panel.evaluate((section) => section.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await bell.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await bell.getAttribute('aria-expanded')).toBe('false');

    // The bell closes what it opened.
    await bell.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await bell.click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a list's filters apply what was chosen, and Escape leaves the list as it was", async () => {
    const creator = await createUser(e2e.db);
    const stamp = Date.now().toString(36);
    const open = await createTask(e2e.db, { title: `Open shoot ${stamp}` });
    const done = await createTask(e2e.db, { title: `Done shoot ${stamp}` });
    await assignTask(e2e.db, { taskId: open.id, userId: creator.id });
    await assignTask(e2e.db, { taskId: done.id, userId: creator.id, status: 'completed' });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    await page.goto('/tasks');
    const tasks = page.getByRole('listitem').filter({ hasText: stamp });
    await expect.poll(() => tasks.count()).toBe(2);
    const filters = page.getByRole('button', { name: 'Filters' });

    // Chosen, then left with Escape: nothing changes.
    await filters.click();
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect.poll(() => status.isVisible()).toBe(true);
    expect(await status.evaluate((select) => select === document.activeElement)).toBe(true);
    await status.selectOption('completed');
    await page.keyboard.press('Escape');
    await expect.poll(() => status.count()).toBe(0);
    expect(await filters.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await tasks.count()).toBe(2);

    // Chosen and applied: only the completed task, and the button counts the filter.
    await filters.click();
    await expect.poll(() => status.inputValue()).toBe('all');
    await status.selectOption('completed');
    await expectAccessible(page, problems);
    // A short screen scrolled with the panel open: the panel stays under its button.
    await page.setViewportSize({ width: viewports.phone.width, height: 480 });
    await page.mouse.wheel(0, 80);
    const panelGap = async () => {
      const button = await filters.boundingBox();
      const panel = await page.getByRole('dialog', { name: 'Filters' }).boundingBox();
      return button && panel ? Math.round(panel.y - (button.y + button.height)) : undefined;
    };
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(panelGap).toBe(8);
    await page.getByRole('button', { name: 'Apply (1)' }).click();
    await expect.poll(() => tasks.count()).toBe(1);
    expect(await tasks.innerText()).toContain(done.title);
    expect(await page.getByRole('button', { name: 'Filters, 1 active' }).isVisible()).toBe(true);
    expect(await status.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
  it("an icon button's tooltip shows its name on hover and on the keyboard's focus, and goes on Escape, on leaving and for a finger", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const { page, context, problems } = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(admin.username);
    const edit = page.getByRole('button', { name: `Edit: ${admin.username}` });
    const view = page.getByRole('button', { name: `View details: ${admin.username}` });
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => edit.isVisible()).toBe(true);

    // Hovering: after a moment, the name above the button, within the screen.
    await edit.hover();
    await expect.poll(() => tooltip.innerText()).toBe('Edit');
    const [buttonBox, tooltipBox] = [await edit.boundingBox(), await tooltip.boundingBox()];
    expect(tooltipBox!.y + tooltipBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    expect(tooltipBox!.x).toBeGreaterThanOrEqual(0);
    expect(tooltipBox!.x + tooltipBox!.width).toBeLessThanOrEqual(viewports.desktop.width);
    // Moving to the next button shows its name instead; Escape takes it away.
    await view.hover();
    await expect.poll(() => tooltip.innerText()).toBe('View details');
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    // Leaving the button takes it away too.
    await edit.hover();
    await expect.poll(() => tooltip.innerText()).toBe('Edit');
    await page.mouse.move(0, 0);
    await expect.poll(() => tooltip.count()).toBe(0);

    // A click opens the dialog and leaves no tooltip; the keyboard's focus shows it at once.
    await view.click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect.poll(() => details.isVisible()).toBe(true);
    expect(await tooltip.count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => details.count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => tooltip.innerText()).toBe('Edit');
    await page.keyboard.press('Tab');
    await expect.poll(() => tooltip.innerText()).toBe('Change Password');
    expect(problems).toEqual([]);
    await context.close();

    // On a phone, a tap is a press: no tooltip stays over the card.
    const phone = await e2e.openPage(viewports.phone, { hasTouch: true });
    await e2e.signInAs(phone.context, admin);
    await phone.page.goto('/admin/users');
    await phone.page.getByRole('searchbox', { name: 'Search users' }).fill(admin.username);
    await phone.page.getByRole('button', { name: `View details: ${admin.username}` }).tap();
    await expect
      .poll(() => phone.page.getByRole('dialog', { name: 'User Details' }).isVisible())
      .toBe(true);
    expect(await phone.page.getByRole('tooltip').count()).toBe(0);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
