import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { holdToast, toastText, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();
const wrong = 'Current password is incorrect';

/** What a screen reader reads after a field's name: its hint and its error. */
const describedBy = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('the toast of a refused password change in Settings', () => {
  it('goes once another field is what is wrong, and once the current password is typed again', async () => {
    const user = await createUser(e2e.db, { password: 'settings-secret' });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, user);
    await page.goto('/settings');
    const current = page.getByLabel('Current password');
    await current.fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('fresh-secret');
    await page.getByLabel('Confirm new password').fill('fresh-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain(wrong);
    // Said in place too, where the person will correct it.
    await expect.poll(() => describedBy(current)).toContain(wrong);

    // A new mistake elsewhere: its message shows by its field, and the old toast does not stay.
    await holdToast(page, wrong);
    await page.getByLabel('Confirm new password').fill('fresh-secrets');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await expect.poll(() => toastText(page)).not.toContain(wrong);

    // Refused again, then the current password typed anew: its toast and its message go.
    await page.getByLabel('Confirm new password').fill('fresh-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain(wrong);
    await holdToast(page, wrong);
    await current.fill('settings-secret');
    await expect.poll(() => toastText(page)).not.toContain(wrong);
    expect(await describedBy(current)).not.toContain(wrong);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain('Password changed successfully');
    expect(unexpectedProblems(problems, { refusedPasswordChange: true })).toEqual([]);
    await context.close();
  });
});
