import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, toastText, useE2E } from '../support/e2e.ts';
import { createCompensation, createUser } from '../support/factories.ts';

const e2e = useE2E();

/** A signed-in screen's first showing on a shared two-core machine (see compensation.test.ts). */
const firstShowing = { timeout: 30_000 };

/**
 * A month of pay at a time on the influencers overview, on a phone (decision 0053). The months are
 * far ahead, so no other test's pay shares them on the run's one server.
 */
describe('a month of pay at a time', () => {
  it('publishes a month after showing its drafts, and shows it again when a draft arrives meanwhile', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `month_${stamp}` });
    const creators = [];
    for (const name of ['ines', 'joao', 'kiko']) {
      creators.push(await createUser(e2e.db, { username: `${name}_${stamp}` }));
    }
    for (const [index, creator] of creators.slice(0, 2).entries()) {
      await createCompensation(e2e.db, creator.id, {
        year: 2098,
        month: 5,
        amountCents: 100_050 + index * 100_000,
      });
    }

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/influencers');
    await page.getByRole('button', { name: 'Publish month' }).click(firstShowing);
    const dialog = page.getByRole('dialog', { name: 'Publish month' });
    const summary = dialog.getByRole('status');

    // An empty month says so, and its confirmation cannot be pressed.
    await dialog.getByLabel('Month').selectOption('5');
    await dialog.getByLabel('Year').fill('2097');
    await expect
      .poll(() => summary.innerText())
      .toBe('No drafts for May 2097: nothing to publish.');
    expect(await dialog.getByRole('button', { name: 'Publish month' }).isDisabled()).toBe(true);

    await dialog.getByLabel('Year').fill('2098');
    await expect
      .poll(() => summary.innerText())
      .toBe('2 drafts of May 2098, $3,001.00 in total, will be published.');
    await expectAccessible(page, problems);

    // A third draft arrives after the preview: the confirmation publishes nothing unseen.
    await createCompensation(e2e.db, creators[2]!.id, { year: 2098, month: 5, amountCents: 999 });
    const confirm = dialog.getByRole('button', { name: 'Publish month' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe('The drafts of May 2098 changed since you looked. Check them again, then publish.');
    await expect
      .poll(() => summary.innerText())
      .toBe('3 drafts of May 2098, $3,010.99 in total, will be published.');
    const statuses = () =>
      e2e.db
        .selectFrom('compensations')
        .select('status')
        .where('year', '=', 2098)
        .where('month', '=', 5)
        .execute()
        .then((rows) => rows.map((row) => row.status).sort());
    expect(await statuses()).toEqual(['draft', 'draft', 'draft']);

    await confirm.click();
    await expect
      .poll(() => toastText(page))
      .toContain('Published 3 drafts of May 2098; each influencer was told.');
    expect(await statuses()).toEqual(['published', 'published', 'published']);
    expect(await dialog.isVisible()).toBe(false);
    await expectAccessible(page, problems, { monthChanged: true });
    await context.close();
  }, 120_000);

  it('adds a month of pay from a CSV file after a check that names every row it refuses', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `sheet_${stamp}` });
    const lena = await createUser(e2e.db, { username: `lena_${stamp}` });
    const milo = await createUser(e2e.db, { username: `milo_${stamp}` });
    const file = (rows: string[]) => ({
      name: 'june.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Username,Amount,Notes', ...rows].join('\r\n')),
    });

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/influencers');
    await page.getByRole('button', { name: 'Add pay for a month' }).click(firstShowing);
    const dialog = page.getByRole('dialog', { name: 'Add pay for a month' });
    await dialog.getByLabel('Month').selectOption('6');
    await dialog.getByLabel('Year').fill('2098');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(
        file([`${lena.username},1200.5,June`, `nobody_${stamp},10,`, `${milo.username},abc,`]),
      );
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const refused = dialog.getByRole('alert');
    await expect
      .poll(() => refused.innerText())
      .toContain("2 rows can't be added, so nothing will be added.");
    expect(await refused.getByRole('listitem').allInnerTexts()).toEqual([
      `Row 3: No account has the username nobody_${stamp}.`,
      'Row 4: Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50',
    ]);
    expect(await dialog.getByRole('button', { name: 'Add drafts' }).count()).toBe(0);
    await expectAccessible(page, problems);

    await dialog
      .getByLabel('CSV file')
      .setInputFiles(file([`${lena.username},1200.5,June`, `${milo.username},99.5,`]));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await expect
      .poll(() => dialog.getByRole('status').innerText())
      .toBe('2 drafts for June 2098, $1,300.00 in total, will be added.');
    const entries = () =>
      e2e.db
        .selectFrom('compensations')
        .select(['userId', 'amountCents', 'status'])
        .where('year', '=', 2098)
        .where('month', '=', 6)
        .execute();
    expect(await entries()).toEqual([]);
    await expectAccessible(page, problems);

    await dialog.getByRole('button', { name: 'Add drafts' }).click();
    await expect.poll(() => toastText(page)).toContain('Added 2 drafts for June 2098.');
    expect(
      (await entries()).map((entry) => [entry.userId, Number(entry.amountCents), entry.status]),
    ).toEqual(
      expect.arrayContaining([
        [lena.id, 120_050, 'draft'],
        [milo.id, 9_950, 'draft'],
      ]),
    );
    await expectAccessible(page, problems);
    await context.close();
  }, 120_000);
});
