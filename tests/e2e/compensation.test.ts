import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatMoney } from '../../src/client/lib/format.ts';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E, toastText } from '../support/e2e.ts';
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

/** Leaves out the browser's own log line for the 404 a test asks for on purpose, at `path`. */
function withoutNotFound(problems: string[], path: string) {
  return problems.filter(
    (problem) => !(/status of 404 /.test(problem) && problem.endsWith(`${path})`)),
  );
}

/** What a part of the screen reads, its lines and blocks joined by single spaces. */
async function textOf(part: Locator) {
  return (await part.innerText()).replace(/\s+/g, ' ').trim();
}

/**
 * What a chart's axes read, and every label cut by the chart's edge or the screen's: its amounts
 * on the left (bottom to top) and its months below, as the browser lays them out.
 */
function chartAxes(figure: Locator) {
  return figure.evaluate((element) => {
    const svg = element.querySelector('svg[data-chart]')!;
    const box = svg.getBoundingClientRect();
    const labels = [...svg.querySelectorAll('text[data-axis-label]')].map((text) => ({
      axis: text.closest('[data-axis]')!.getAttribute('data-axis'),
      text: text.textContent ?? '',
      rect: text.getBoundingClientRect(),
    }));
    const cut = labels
      .filter(
        ({ rect }) =>
          rect.left < Math.max(box.left, 0) - 0.5 ||
          rect.right > Math.min(box.right, window.innerWidth) + 0.5 ||
          rect.top < box.top - 0.5 ||
          rect.bottom > box.bottom + 0.5,
      )
      .map(({ text }) => `${text} (${window.innerWidth} px)`);
    const months = labels.filter((label) => label.axis === 'x');
    const overlapping = months
      .slice(1)
      .filter((label, index) => label.rect.left < months[index]!.rect.right)
      .map(({ text }) => text);
    return {
      amounts: labels
        .filter((label) => label.axis === 'y')
        .sort((a, b) => b.rect.top - a.rect.top)
        .map(({ text }) => text),
      months: months.map(({ text }) => text),
      cut,
      overlapping,
    };
  });
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
      .poll(() => staff.page.getByText('Showing 1–1 of 1 influencer').isVisible(), firstShowing)
      .toBe(true);
    // The count of matches is said once, under the list, its noun agreeing with it.
    expect(await staff.page.getByText(/^Showing /).count()).toBe(1);
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

    // Publishes it, after the confirmation docs/product.md describes.
    await entry.getByRole('button', { name: `Publish compensation of ${period}` }).click();
    const confirm = staff.page.getByRole('dialog', { name: 'Publish Compensation' });
    expect(await confirm.innerText()).toContain(
      'This will publish the compensation and send a notification to the influencer. Are you sure you want to continue?',
    );
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => toastText(staff.page))
      .toContain('Compensation published and notification sent to influencer');
    // Moments ago is "just now", never "0 seconds ago".
    await expect
      .poll(() => entry.getByText('Published just now', { exact: true }).isVisible())
      .toBe(true);
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
      .poll(() => chart.locator('svg [data-bar]').count(), { timeout: 15_000 })
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

  it("a new administrator meets the pay screens' empty, missing and invalid states on a phone; a creator with two years of pay reads their insights", async () => {
    const stamp = Date.now().toString(36);
    const year = new Date().getFullYear();
    const admin = await createUser(e2e.db, { isAdmin: true, username: `newcomer_${stamp}` });
    const nova = await createUser(e2e.db, {
      username: `nova_${stamp}`,
      firstName: 'Nova',
      lastName: `Quinn${stamp}`,
    });
    const sol = await createUser(e2e.db, { username: `sol_${stamp}` });
    // Published pay in two different years: two payments in all.
    for (const [entryYear, month, amountCents] of [
      [year - 1, 3, 120_000],
      [year, 1, 80_000],
    ] as const) {
      await createCompensation(e2e.db, sol.id, {
        year: entryYear,
        month,
        amountCents,
        status: 'published',
        publishedAt: new Date(entryYear, month - 1, 5).toISOString(),
      });
    }

    const staff = await e2e.openPage(viewports.phone);
    await e2e.signInAs(staff.context, admin);

    // The influencers overview on a phone: the four stat cards, the list, and the search.
    await staff.page.goto('/admin/influencers');
    const figures = staff.page.getByRole('region', { name: 'Pay figures' });
    await expect
      .poll(() => figures.getByRole('heading').allInnerTexts(), firstShowing)
      .toEqual(['Total Influencers', 'Active This Month', 'With Earnings', 'Total Payouts']);
    const influencers = staff.page.getByRole('list', { name: 'Influencers' });
    await expect.poll(() => influencers.getByRole('listitem').count()).toBeGreaterThan(0);
    await expectAccessible(staff.page, staff.problems);
    await staff.page.getByLabel('Search influencers').fill(`nobody_${stamp}`);
    await expect
      .poll(() => staff.page.getByRole('heading', { name: 'No influencers found' }).isVisible())
      .toBe(true);
    expect(await influencers.count()).toBe(0);
    await expectAccessible(staff.page, staff.problems);

    // The pay screen without an id.
    await staff.page.goto('/admin/compensation');
    await expect
      .poll(
        () => staff.page.getByRole('heading', { name: 'Invalid user ID' }).isVisible(),
        firstShowing,
      )
      .toBe(true);
    await expectAccessible(staff.page, staff.problems);

    // The pay screen of an account that does not exist, and the way back.
    const missing = randomUUID();
    await staff.page.goto(`/admin/compensation/${missing}`);
    await expect
      .poll(
        () => staff.page.getByRole('heading', { name: 'User not found' }).isVisible(),
        firstShowing,
      )
      .toBe(true);
    await expectAccessible(
      staff.page,
      withoutNotFound(staff.problems, `/api/admin/users/${missing}`),
    );
    await staff.page.getByRole('link', { name: 'Back to Influencers' }).click();
    await staff.page.waitForURL((url) => url.pathname === '/admin/influencers');
    await expect.poll(() => figures.isVisible(), firstShowing).toBe(true);

    // A creator with no pay yet: the empty state offers the first entry.
    await staff.page.goto(`/admin/compensation/${nova.id}`);
    await expect
      .poll(
        () => staff.page.getByRole('heading', { name: 'No compensation records' }).isVisible(),
        firstShowing,
      )
      .toBe(true);
    expect(await staff.page.getByText(`Nova Quinn${stamp}`).isVisible()).toBe(true);
    await expectAccessible(
      staff.page,
      withoutNotFound(staff.problems, `/api/admin/users/${missing}`),
    );

    // Her CSV is hers alone: the link names her, and the file holds no one else's pay.
    const exportLink = staff.page.getByRole('link', { name: 'Export CSV' });
    const href = await exportLink.getAttribute('href');
    expect(href).toBe(`/api/admin/compensations/export.csv?userId=${nova.id}`);
    const sheet = await staff.page.request.get(href!);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await sheet.text())
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Creator,Username,Email,Month,Year,Amount,Status/);

    await staff.page.getByRole('button', { name: 'Add First Compensation' }).click();
    const add = staff.page.getByRole('dialog', { name: 'Add Compensation' });
    await expect.poll(() => add.isVisible()).toBe(true);
    expect(await add.getByLabel('Amount (USD)').isVisible()).toBe(true);
    await expectAccessible(
      staff.page,
      withoutNotFound(staff.problems, `/api/admin/users/${missing}`),
    );

    // The creator with pay in two years, on her phone.
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, sol);
    await phone.page.goto('/compensation');
    const insights = phone.page.getByRole('region', { name: 'Performance Insights' });
    await expect.poll(() => insights.isVisible(), firstShowing).toBe(true);
    const insightsText = await textOf(insights);
    // Two payments: $1,200.00 and $800.00.
    expect(insightsText).toContain('Average per Payment $1,000.00');
    expect(insightsText).toContain('Highest Payment $1,200.00');
    // docs/product.md's label for one to three payments, with the catalogue's hint.
    expect(insightsText).toContain('Status Growing Talent 1 to 3 payments');
    const payFigures = phone.page.getByRole('region', { name: 'Pay figures' });
    expect(await textOf(payFigures)).toContain('Total Payments 2 Published payments');
    const history = phone.page.getByRole('region', { name: 'Payment History' });
    const payments = history.getByRole('listitem');
    expect(await payments.count()).toBe(2);
    for (const payment of await payments.all()) {
      expect(await payment.getByText('Paid', { exact: true }).isVisible()).toBe(true);
    }
    await expectAccessible(phone.page, phone.problems);

    for (const opened of [staff, phone]) await opened.context.close();
  }, 180_000);

  it('a Spanish creator with pay in two years picks one: insights, chart and the downloaded CSV are of that year, headed in Spanish', async () => {
    const stamp = Date.now().toString(36);
    const year = new Date().getFullYear();
    const chosen = year - 1;
    const rosa = await createUser(e2e.db, { username: `rosa_${stamp}`, preferredLanguage: 'es' });
    for (const [entryYear, month, amountCents, notes] of [
      [chosen, 3, 120_000, '=1+1'],
      [chosen, 7, 30_000, null],
      [year, 1, 10_000, null],
      [year, 2, 20_000, null],
      [year, 3, 40_000, null],
    ] as const) {
      await createCompensation(e2e.db, rosa.id, {
        year: entryYear,
        month,
        amountCents,
        notes,
        status: 'published',
        publishedAt: new Date(entryYear, month - 1, 5).toISOString(),
      });
    }
    const money = (amount: string) => formatMoney(amount, 'es').replace(/\s+/g, ' ');

    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, rosa);
    await phone.page.goto('/compensation?lang=es');
    const insights = phone.page.getByRole('region', { name: 'Resumen de rendimiento' });
    await expect.poll(() => insights.isVisible(), firstShowing).toBe(true);
    // All years: five payments, $2,200.00 in all.
    expect(await textOf(insights)).toContain(`Promedio por pago ${money('440.00')}`);
    expect(await textOf(insights)).toContain('Talento constante');

    await phone.page.getByLabel('Año', { exact: true }).selectOption(String(chosen));
    // That year's two payments only: $1,200.00 and $300.00.
    await expect.poll(() => textOf(insights)).toContain(`Promedio por pago ${money('750.00')}`);
    const insightsText = await textOf(insights);
    expect(insightsText).toContain(`Pago más alto ${money('1200.00')}`);
    expect(insightsText).toContain('Talento en crecimiento De 1 a 3 pagos');
    const chart = phone.page.getByRole('figure');
    await expect.poll(() => textOf(chart)).toContain(`Tu pago en cada mes de ${chosen}.`);
    expect(await textOf(chart)).toContain(
      `Total ${money('1500.00')}; el más alto, ${money('1200.00')}`,
    );
    await expect.poll(() => chart.locator('svg [data-bar]').count(), { timeout: 15_000 }).toBe(2);

    const downloading = phone.page.waitForEvent('download');
    await phone.page.getByRole('link', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`my-compensation-${chosen}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe('Mes,Año,Importe,Publicado el,Notas');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      `3,${chosen},1200.00`,
      `7,${chosen},300.00`,
    ]);
    // Formula-safe as ever.
    expect(lines[1]!.endsWith(",'=1+1")).toBe(true);
    await expectAccessible(phone.page, phone.problems);
    await phone.context.close();
  }, 180_000);

  it('the chart reads every axis label whole and right, in English, Spanish and Portuguese, on a phone and a wide screen', async () => {
    const stamp = Date.now().toString(36);
    const creator = await createUser(e2e.db, { username: `axis_${stamp}` });
    const now = new Date();
    // 5,200, 4,500, 3,000 and 1,500 dollars in the last four months.
    for (const [back, amountCents] of [
      [0, 520_000],
      [1, 450_000],
      [2, 300_000],
      [3, 150_000],
    ] as const) {
      const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
      await createCompensation(e2e.db, creator.id, {
        year: month.getFullYear(),
        month: month.getMonth() + 1,
        amountCents,
        status: 'published',
        publishedAt: new Date(month.getFullYear(), month.getMonth(), 2).toISOString(),
      });
    }
    const opened = await e2e.openPage(viewports.phone);
    await e2e.signInAs(opened.context, creator);
    for (const language of ['en', 'es', 'pt'] as const) {
      await opened.page.setViewportSize(viewports.phone);
      await opened.page.goto(`/compensation?lang=${language}`);
      const figure = opened.page.getByRole('figure');
      await expect
        .poll(() => figure.locator('svg [data-bar]').count(), firstShowing)
        .toBeGreaterThan(0);
      // Every amount from 0 to 20,000 dollars in steps of 500, as the browser writes it short in
      // the reader's language ("1,5 mil US$"), to read the axis's labels back as amounts.
      const amountOf = new Map(
        await opened.page.evaluate(
          (language) =>
            Array.from({ length: 41 }, (_, index) => {
              const dollars = index * 500;
              const text = new Intl.NumberFormat(language, {
                style: 'currency',
                currency: 'USD',
                notation: 'compact',
                maximumFractionDigits: 2,
              }).format(dollars);
              return [text, dollars] as const;
            }),
          language,
        ),
      );
      const thisMonth = await opened.page.evaluate(
        (language) => new Intl.DateTimeFormat(language, { month: 'short' }).format(new Date()),
        language,
      );
      for (const viewport of [viewports.phone, viewports.desktop]) {
        await opened.page.setViewportSize(viewport);
        await expect.poll(async () => (await chartAxes(figure)).cut).toEqual([]);
        const axes = await chartAxes(figure);
        expect(axes.overlapping).toEqual([]);
        // Whole amounts in even steps from nothing to above the highest month.
        const values = axes.amounts.map((text) => amountOf.get(text));
        expect(values, `${language} ${axes.amounts.join(' / ')}`).not.toContain(undefined);
        expect(values[0]).toBe(0);
        expect(values.at(-1)).toBeGreaterThanOrEqual(5200);
        const gaps = new Set(values.slice(1).map((value, index) => value! - values[index]!));
        expect(gaps.size, `${language} ${axes.amounts.join(' / ')}`).toBe(1);
        // The months end with this one, named in the reader's language.
        expect(axes.months.at(-1)?.startsWith(thisMonth), axes.months.join(' ')).toBe(true);
      }
    }
    expect(opened.problems).toEqual([]);
    await opened.context.close();
  }, 180_000);
});
