import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/modules/audit/repository.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';

const e2e = useE2E();

describe('the audit log in the browser', () => {
  it('an administrator on a phone opens the audit log from the menu, reads a recent entry and narrows it by kind', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `auditor_${stamp}` });
    const audited = { db: e2e.db, clock: () => new Date() };
    await recordAudit(audited, {
      actor: admin,
      kind: 'user.created',
      subject: { type: 'user', id: `someone-${stamp}` },
      params: { username: `new_${stamp}`, role: 'creator' },
    });
    await recordAudit(audited, {
      actor: admin,
      kind: 'backup.started',
      params: { trigger: 'manual' },
    });

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Audit Log', level: 1 }).isVisible())
      .toBe(true);

    const list = page.getByRole('list', { name: 'Audit log' });
    const created = list
      .getByRole('listitem')
      .filter({ hasText: `Created the account @new_${stamp}, a creator` });
    await expect.poll(() => created.isVisible()).toBe(true);
    expect(await created.getByText('Account created').isVisible()).toBe(true);
    expect(
      await created
        .getByRole('button', { name: `Show only what @${admin.username} did` })
        .isVisible(),
    ).toBe(true);
    await expectAccessible(page, problems);

    // Narrowed to backups: the account's creation leaves the list, the backup stays.
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('backup.started');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'backup.started');
    await expect.poll(() => created.count()).toBe(0);
    const backup = list
      .getByRole('listitem')
      .filter({ hasText: 'Started a backup' })
      .filter({ hasText: `@${admin.username}` });
    await expect.poll(() => backup.isVisible()).toBe(true);
    // The export takes the same filter.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toBe(
      '/api/admin/audit/export.csv?kind=backup.started',
    );
    await expectAccessible(page, problems);

    // Nothing matches: the list says so.
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-02');
    await expect
      .poll(() => page.getByText('No entries match these filters.').isVisible())
      .toBe(true);
    await expectAccessible(page, problems);
    await context.close();
  });
});
