import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createCompensation, createUser } from '../support/factories.ts';

const e2e = useE2E();

/**
 * A signed-in screen's first showing after a navigation (its code, the session, its data), which
 * takes longer than the config's 10 s on a shared two-core machine running other suites.
 */
const firstShowing = { timeout: 30_000 };

const figuresLabel = { en: 'Pay figures', es: 'Cifras de pago', pt: 'Números de pagamento' };

/** Each stat card's figure that wraps onto a second line or reaches past its card's edge. */
function figuresOverflowingTheirCards(figures: Locator) {
  return figures.evaluate((section) =>
    [...section.children].flatMap((card) => {
      const figure = card.querySelector('p');
      if (!figure) return [];
      const range = document.createRange();
      range.selectNodeContents(figure);
      const lines = range.getClientRects();
      const edge = card.getBoundingClientRect().right;
      const fits = lines.length === 1 && lines[0]!.right <= edge;
      return fits ? [] : [`${figure.textContent} (${window.innerWidth} px)`];
    }),
  );
}

function toastText(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).innerText();
}

describe('pay in the browser', () => {
  it('an administrator adds, edits and publishes a month of pay; the creator follows the bell to it on a phone and reads the year month by month', async () => {
    const stamp = Date.now().toString(36);
    const now = new Date();
    const year = now.getFullYear();
    const month = now.getMonth() + 1;
    const period = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(now);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `payroll_${stamp}` });
    const lucia = await createUser(e2e.db, {
      username: `lucia_${stamp}`,
      firstName: 'Lucia',
      lastName: `Moreno${stamp}`,
    });
    // Last year's pay, already published: the creator then has two years to choose from.
    await createCompensation(e2e.db, lucia.id, {
      year: year - 1,
      month: 6,
      amountCents: 250_000,
      status: 'published',
      publishedAt: new Date(year - 1, 6, 2).toISOString(),
    });

    // The administrator finds her among the influencers.
    const staff = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(staff.context, admin);
    await staff.page.goto('/admin/influencers');
    await staff.page.getByLabel('Search influencers').fill(lucia.username);
    await expect
      .poll(() => staff.page.getByText(/^Showing 1 of \d+ influencers$/).isVisible(), firstShowing)
      .toBe(true);
    await expectAccessible(staff.page, staff.problems);
    await staff.page
      .getByRole('link', { name: `Manage Compensation for Lucia Moreno${stamp}` })
      .click();
    await staff.page.waitForURL((url) => url.pathname === `/admin/compensation/${lucia.id}`);

    // Adds this month's pay as a draft.
    await staff.page.getByRole('button', { name: 'Add Compensation' }).click();
    const add = staff.page.getByRole('dialog', { name: 'Add Compensation' });
    await add.getByLabel('Month').selectOption(String(month));
    await add.getByLabel('Year').fill(String(year));
    await add.getByLabel('Amount (USD)').fill('1200.50');
    await add.getByLabel('Notes').fill('Spring campaign');
    await add.getByRole('button', { name: 'Add Compensation' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Compensation created successfully');
    const entry = staff.page.getByRole('listitem').filter({ hasText: period });
    await expect.poll(() => entry.getByText('$1,200.50', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByText('Draft', { exact: true }).isVisible()).toBe(true);

    // Corrects the amount before publishing.
    await entry.getByRole('button', { name: `Edit compensation of ${period}` }).click();
    const edit = staff.page.getByRole('dialog', { name: 'Edit Compensation' });
    await edit.getByLabel('Amount (USD)').fill('1300.75');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Compensation updated successfully');
    await expect.poll(() => entry.getByText('$1,300.75', { exact: true }).isVisible()).toBe(true);

    // Publishes it, after the spec's confirmation.
    await entry.getByRole('button', { name: `Publish compensation of ${period}` }).click();
    const confirm = staff.page.getByRole('dialog', { name: 'Publish Compensation' });
    expect(await confirm.innerText()).toContain(
      'This will publish the compensation and send a notification to the influencer. Are you sure you want to continue?',
    );
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => toastText(staff.page))
      .toContain('Compensation published and notification sent to influencer');
    await expect.poll(() => entry.getByText(/^Published \d+ \w+ ago$/).isVisible()).toBe(true);
    expect(await entry.getByRole('button', { name: /^Publish/ }).count()).toBe(0);

    // The record of changes keeps who did what, and the amount before and after the edit.
    await entry.getByText('Record of changes (3)').click();
    const changes = await entry.getByRole('list').innerText();
    expect(changes).toContain('Created');
    expect(changes).toContain('Edited');
    expect(changes).toContain('$1,200.50 → $1,300.75');
    expect(changes).toContain(`by ${admin.username}`);
    await staff.page.setViewportSize(viewports.phone);
    await expectAccessible(staff.page, staff.problems);

    // On her phone the creator sees the bell and follows the notice to her pay.
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, lucia);
    await phone.page.goto('/dashboard');
    // Her dashboard's earnings already count the new month: 2,500.00 + 1,300.75.
    await expect.poll(() => phone.page.getByText('$3,800.75').isVisible(), firstShowing).toBe(true);
    await phone.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await phone.page.getByRole('button', { name: /1,300\.75/ }).click();
    await phone.page.waitForURL((url) => url.pathname === '/compensation');
    await expect
      .poll(() => phone.page.getByText('Total Payments').isVisible(), firstShowing)
      .toBe(true);
    expect(await phone.page.getByText('$3,800.75').first().isVisible()).toBe(true);

    // Chooses this year: the twelve months, 'No payment' where there was none, the Year Total.
    await phone.page.getByLabel('Year', { exact: true }).selectOption(String(year));
    const breakdown = phone.page.getByRole('table', { name: `${year} Month by Month` });
    await expect.poll(() => breakdown.isVisible()).toBe(true);
    // The header, the twelve months and the Year Total.
    expect(await breakdown.getByRole('row').count()).toBe(14);
    expect(await breakdown.getByText('No payment').count()).toBe(11);
    expect(await breakdown.getByRole('row', { name: /Year Total/ }).innerText()).toContain(
      '$1,300.75',
    );

    // The chart of the year is drawn, and says in words what it shows.
    const chart = phone.page.getByRole('figure');
    await expect
      .poll(() => chart.locator('svg .recharts-bar-rectangle').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await chart.innerText()).toContain(`highest $1,300.75 in ${period}`);
    await expectAccessible(phone.page, phone.problems);

    for (const opened of [staff, phone]) await opened.context.close();
  }, 180_000);

  it('the largest amounts fit their cards on one line, in English, Spanish and Portuguese, on a phone and a wide screen', async () => {
    const stamp = Date.now().toString(36);
    const year = new Date().getFullYear();
    const admin = await createUser(e2e.db, { isAdmin: true, username: `ledger_${stamp}` });
    const creator = await createUser(e2e.db, { username: `max_${stamp}` });
    // Three months at the largest amount an entry may have: totals of nearly 300 million.
    for (const [entryYear, month] of [
      [year, 1],
      [year, 2],
      [year - 1, 12],
    ] as const) {
      await createCompensation(e2e.db, creator.id, {
        year: entryYear,
        month,
        amountCents: 9_999_999_999,
        status: 'published',
        publishedAt: new Date(entryYear, month - 1, 28).toISOString(),
      });
    }
    const screens = [
      { person: creator, path: '/compensation' },
      { person: admin, path: `/admin/compensation/${creator.id}` },
    ];
    for (const { person, path } of screens) {
      const opened = await e2e.openPage(viewports.phone);
      await e2e.signInAs(opened.context, person);
      for (const [language, longest] of [
        ['en', '$299,999,999.97'],
        ['es', '299.999.999,97\u00a0US$'],
        ['pt', 'US$\u00a0299.999.999,97'],
      ] as const) {
        await opened.page.goto(`${path}?lang=${language}`);
        const figures = opened.page.getByRole('region', { name: figuresLabel[language] });
        await expect.poll(() => figures.getByText(longest).isVisible(), firstShowing).toBe(true);
        for (const viewport of [viewports.phone, viewports.desktop]) {
          await opened.page.setViewportSize(viewport);
          expect(await figuresOverflowingTheirCards(figures)).toEqual([]);
        }
        await opened.page.setViewportSize(viewports.phone);
      }
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  }, 180_000);
});
