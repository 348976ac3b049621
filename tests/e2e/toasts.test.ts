import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();

describe('toasts', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`show above an open dialog on a ${name}, where the person is looking`, async () => {
      const { page, context, problems } = await e2e.openPage(viewport);
      const admin = await createUser(e2e.db, { isAdmin: true });
      const taken = await createUser(e2e.db);
      await e2e.signInAs(context, admin);

      await page.goto('/admin/users');
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await dialog.getByLabel('Username').fill(taken.username);
      await dialog.getByLabel('Email').fill(`someone_${Date.now()}@example.com`);
      await dialog.getByLabel('Password').fill('a-fine-password');
      await dialog.getByRole('button', { name: 'Create User' }).click();

      const toast = page
        .getByRole('region', { name: 'Notifications (F8)' })
        .getByRole('listitem')
        .filter({ hasText: 'Creation Failed' });
      await expect.poll(() => toast.isVisible()).toBe(true);
      expect(await dialog.isVisible()).toBe(true);
      // A modal dialog is in the browser's top layer; the toasts must be there too, opened after
      // it, to be painted above it and its backdrop. (Hit-testing cannot tell: the dialog makes the
      // rest of the page inert.)
      const aboveDialog = await toast.evaluate((element) => {
        const list = element.closest('ol');
        return list !== null && list.matches(':popover-open');
      });
      expect(aboveDialog).toBe(true);
      expect(unexpectedProblems(problems).filter((problem) => !problem.includes('409'))).toEqual(
        [],
      );
      await context.close();
    });
  }
});
