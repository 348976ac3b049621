import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports, waitForWizard } from '../support/browser.ts';
import { expectAccessible, holdToast, toastText, useE2E } from '../support/e2e.ts';

const e2e = useE2E();

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(heading);
}

/** The part of the screen a box covers, clipped to the screen. */
async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('Not on screen');
  return { top: rect.y, bottom: rect.y + rect.height };
}

describe("the wizard's check of a social account", () => {
  it('names the account and field that are wrong, and shows that field on a phone clear of the toast', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);
    await page.getByLabel('First Name').fill('Ana');
    await page.getByLabel('Last Name').fill('Silva');
    await page.getByLabel('Email').fill('ana.silva@example.com');
    await page.getByLabel('Phone').fill('+55 11 99999-0000');
    await next(page, 'Location');
    await page.getByLabel('Country').selectOption('Brazil');
    await page.getByLabel('City').fill('Recife');
    await page.getByLabel('State/Province').fill('PE');
    await next(page, 'Social Media');

    // Everything is filled in, but the first account's followers are not a whole number.
    const first = page.getByRole('group', { name: 'Account 1' });
    await first.getByLabel('Platform').selectOption('Instagram');
    await first.getByLabel('Handle').fill('@ana.fit');
    await first.getByLabel('Followers').fill('1.5');
    await page.getByRole('button', { name: 'Add Another Account' }).click();
    const second = page.getByRole('group', { name: 'Account 2' });
    await second.getByLabel('Platform').selectOption('TikTok');
    await second.getByLabel('Handle').fill('@ana.moves');
    await second.getByLabel('Followers').fill('5000');
    // Next sits below both accounts: the first one is off the top of the screen.
    await page.getByRole('button', { name: 'Next' }).click();

    await expect
      .poll(() => toastText(page))
      .toContain('Social Media Accounts (0.followers): Followers must be a whole number');
    await holdToast(page, 'Social Media Accounts (0.followers)');
    const followers = first.getByLabel('Followers');
    await expect
      .poll(() => followers.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // The field is on screen, below the toast and the site's header that sit over the top of it.
    await expect
      .poll(async () => {
        const field = await followers.boundingBox();
        const toast = await box(
          page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem'),
        );
        const header = await box(page.getByRole('banner'));
        return (
          field !== null &&
          field.y >= Math.max(toast.bottom, header.bottom) &&
          field.y + field.height <= viewports.phone.height
        );
      })
      .toBe(true);
    await expectAccessible(page, problems);
    await context.close();
  });
});
