import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';

const e2e = useE2E();
const es = catalogues.es;

/** A link as the mails carry it, stored as the server stores it (only the token's hash). */
async function passwordLink(userId: string, state: { usedAt?: string; expiresAt?: string }) {
  const token = randomBytes(32).toString('base64url');
  await e2e.db
    .insertInto('passwordResetTokens')
    .values({
      id: randomUUID(),
      userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: state.expiresAt ?? new Date(Date.now() + 3_600_000).toISOString(),
      usedAt: state.usedAt ?? null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return token;
}

describe('a reset link or an invitation that can no longer be used', () => {
  it('says so on arrival, before any password is typed, and offers to ask for a new link', async () => {
    const user = await createUser(e2e.db);
    const used = await passwordLink(user.id, { usedAt: new Date().toISOString() });
    const { page, context, problems } = await e2e.openPage(viewports.phone);

    await page.goto(`/reset-password?token=${used}&lang=en`);
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'This reset link is invalid, already used or expired.' })
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set new password' }).count()).toBe(0);
    await expectAccessible(page, problems);

    // The way to a new link is right there.
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Username or email').fill(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByText(/If an account matches/).isVisible()).toBe(true);
    await context.close();
  });

  it('tells someone whose invitation expired to ask the agency, in their language', async () => {
    const user = await createUser(e2e.db, { preferredLanguage: 'es' });
    const expired = await passwordLink(user.id, {
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const { page, context, problems } = await e2e.openPage();

    await page.goto(`/reset-password?token=${expired}&welcome=1&lang=es`);
    await expect
      .poll(() =>
        page.getByRole('alert').filter({ hasText: es['auth.invitation.unusable'] }).isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel(es['auth.newPassword']!, { exact: true }).count()).toBe(0);
    const write = page.getByRole('link', { name: 'Escribe a hello@example.com' });
    expect(await write.getAttribute('href')).toBe('mailto:hello@example.com');
    await expectAccessible(page, problems);
    await context.close();
  });

  it('offers the form for a link that can be used, and leaves it usable', async () => {
    const user = await createUser(e2e.db);
    const fresh = await passwordLink(user.id, {});
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto(`/reset-password?token=${fresh}`);
    await expect
      .poll(() => page.getByLabel('New password', { exact: true }).isVisible())
      .toBe(true);
    // Arriving twice (a reload) does not use it up.
    await page.reload();
    await page.getByLabel('New password', { exact: true }).fill('fresh-secret');
    await page.getByLabel('Confirm new password').fill('fresh-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByText(/Your password has been changed/).isVisible())
      .toBe(true);
    await expectAccessible(page, problems);
    await context.close();
  });
});
