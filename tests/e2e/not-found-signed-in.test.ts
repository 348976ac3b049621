import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';

const e2e = useE2E();

describe('the 404 page for someone signed in', () => {
  for (const [role, isAdmin, dashboard] of [
    ['a creator', false, '/dashboard'],
    ['an administrator', true, '/admin/dashboard'],
  ] as const) {
    it(`shows ${role} their own frame, no 'Apply Now', and the way back to their dashboard`, async () => {
      const user = await createUser(e2e.db, { isAdmin });
      const { page, context, problems } = await e2e.openPage(viewports.phone);
      await e2e.signInAs(context, user);
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      const back = page.getByRole('link', { name: 'Back to Dashboard' });
      await expect.poll(() => back.isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'PAGE NOT FOUND' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Apply Now' }).count()).toBe(0);
      // The signed-in frame: its menu, bell and sign-out.
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      await expectAccessible(page, problems, { pageNotFound: true });
      await back.click();
      await page.waitForURL((url) => url.pathname === dashboard);
      await context.close();
    });
  }

  it("still shows a visitor the public 404 with 'Return Home'", async () => {
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByRole('link', { name: 'Return Home' }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Return Home' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);
    await expectAccessible(page, problems, { pageNotFound: true });
    await context.close();
  });
});
