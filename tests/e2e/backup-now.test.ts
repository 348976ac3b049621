import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';

const e2e = useE2E();
const bulk = () => path.join(e2e.dataDir, 'storage', 'backup-bulk');

// The run's server is shared by every file: leave it as found ('Last backup: Never').
afterAll(async () => {
  await e2e.db.deleteFrom('backupRuns').execute();
  fs.rmSync(path.join(e2e.dataDir, 'backups'), { recursive: true, force: true });
  fs.rmSync(bulk(), { recursive: true, force: true });
});

describe("the administrator's 'Back up now'", () => {
  it('starts a backup, shows its progress, then the last backup with its size', async () => {
    const admin = await createUser(e2e.db, { isAdmin: true, firstName: 'Bea' });
    // Enough stored bytes for the backup to be seen under way.
    fs.mkdirSync(bulk(), { recursive: true });
    for (let n = 0; n < 24; n++) {
      fs.writeFileSync(path.join(bulk(), `file-${n}.bin`), randomBytes(2 * 1024 * 1024));
    }
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/dashboard');
    const status = page.getByRole('definition');
    await expect.poll(() => status.filter({ hasText: 'Never' }).count()).toBe(1);

    const button = page.getByRole('button', { name: 'Back up now' });
    await button.click();
    // Under way: the button waits, and the progress is said in a live region.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Backing up' }).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    // Done: the time and the size of the newest backup.
    await expect.poll(() => status.filter({ hasText: /MB$/ }).count(), { timeout: 60_000 }).toBe(1);
    expect(await status.filter({ hasText: 'Never' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Backing up' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back up now' }).isEnabled()).toBe(true);
    await expectAccessible(page, problems);
    await context.close();
  });
});
