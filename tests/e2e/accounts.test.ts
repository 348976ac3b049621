import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { useE2E, toastText } from '../support/e2e.ts';
import { createNotification, createUser } from '../support/factories.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();

async function signInThroughForm(page: Page, login: string, password: string) {
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Whether every request the page has made to the API has been answered; `except` stays open on
 * purpose.
 */
function watchApiAnswered(page: Page, except: string): () => boolean {
  const unanswered = new Set<Request>();
  const isWatched = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== except;
  };
  page.on('request', (request) => {
    if (isWatched(request)) unanswered.add(request);
  });
  page.on('requestfinished', (request) => unanswered.delete(request));
  page.on('requestfailed', (request) => unanswered.delete(request));
  return () => unanswered.size === 0;
}

/** The toast region announces what happened; its text is what the person reads. */
describe('accounts in the browser', () => {
  it('an administrator signs in, adds a creator and signs out; the creator signs in, is kept to their own pages and reads their welcome notification', async () => {
    const { page, context, problems } = await e2e.openPage();
    const username = `maria_${Date.now().toString(36)}`;

    // The administrator signs in through the form.
    await page.goto('/login');
    await signInThroughForm(page, 'admin', 'admin-password');
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    // "Welcome back" only if an earlier test of this run signed the administrator in already.
    await expect.poll(() => toastText(page)).toMatch(/Welcome(?: back)?, admin!/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toMatch(/^Welcome(?: back)?, admin!$/);
    await expect.poll(() => page.getByText('Company Management Platform').isVisible()).toBe(true);
    // The sidebar knows who is signed in.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByText('Administrator', { exact: true }).isVisible()).toBe(true);

    // ... adds a creator ...
    await sidebar.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Password').fill('maria-secret');
    await dialog.getByLabel('First name').fill('Maria');
    await dialog.getByLabel('Last name').fill('Silva');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => toastText(page)).toContain('User Created');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const card = page.getByRole('listitem').filter({ hasText: `@${username}` });
    await expect
      .poll(() => card.getByRole('heading', { name: 'Maria Silva' }).isVisible())
      .toBe(true);
    expect(await card.getByText('Regular User').isVisible()).toBe(true);

    // ... corrects the name, and sets a password for them ...
    await card.getByRole('button', { name: `Edit: ${username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel('Admin privileges').inputValue()).toBe('false');
    await edit.getByLabel('First name').fill('María');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastText(page)).toContain('User Updated');
    await expect
      .poll(() => card.getByRole('heading', { name: 'María Silva' }).isVisible())
      .toBe(true);
    await card.getByRole('button', { name: `Change Password: ${username}` }).click();
    const password = page.getByRole('dialog', { name: 'Change Password' });
    await password.getByLabel('New password').fill('maria-new-secret');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain('Password Changed');

    // ... and signs out, landing on the home page.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => toastText(page)).toContain('You have been successfully logged out.');
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/login');

    // The creator signs in with the email, in another case, and lands on their dashboard.
    await signInThroughForm(page, `${username.toUpperCase()}@EXAMPLE.COM`, 'maria-new-secret');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // Their first sign-in: welcomed, not welcomed back.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(`Welcome, ${username}!`);
    expect(await sidebar.getByText('User', { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('link', { name: 'Users' }).count()).toBe(0);

    // An administrators' page sends the creator back to their own dashboard (decision 0007).
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The welcome notification waits in the bell, beside the notice of the password change.
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect.poll(() => panel.getByText('Welcome to Creator Agency').isVisible()).toBe(true);
    expect(await panel.getByText('Your password was changed').isVisible()).toBe(true);
    expect(await panel.getByText(/just now|minutes? ago/).count()).toBe(2);
    // Opening one marks it read.
    await panel.getByRole('button', { name: /Welcome to Creator Agency/ }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible())
      .toBe(true);
    expect(
      await panel
        .getByRole('button', { name: /Welcome to Creator Agency/ })
        .getByText('Unread')
        .count(),
    ).toBe(0);
    // 'Mark all read' reads the rest, and then has nothing left to do.
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
    expect(await panel.getByText('Unread').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    // Escape closes the dropdown.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  }, 90_000);

  it('brings a visitor back to the page they asked for after signing in', async () => {
    const user = await createUser(e2e.db, { password: 'returning-secret' });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/settings');
    await signInThroughForm(page, user.username, 'returning-secret');
    await page.waitForURL((url) => url.pathname === '/settings');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible())
      .toBe(true);
    // The language chosen while signed in is also kept on the account (its mail follows it).
    // The header's switcher ("Your language" is the one in Settings).
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('es');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Configuración');
    await expect
      .poll(async () => {
        const row = await e2e.db
          .selectFrom('users')
          .select('preferredLanguage')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        return row.preferredLanguage;
      })
      .toBe('es');
    await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('en');
    // Signed in, the sign-in page has nothing to offer: on to the dashboard.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it("switches to the account's language on sign-in, and keeps it", async () => {
    const user = await createUser(e2e.db, {
      password: 'spanish-secret',
      preferredLanguage: 'es',
    });
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/login');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back');
    await signInThroughForm(page, user.username, 'spanish-secret');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(`¡Te damos la bienvenida, ${user.username}!`);
    expect(await page.getByText('Así va tu trabajo con la agencia.').isVisible()).toBe(true);
    // The welcome is said in Spanish too.
    await expect
      .poll(() => page.getByRole('region', { name: 'Notificaciones (F8)' }).innerText())
      .toContain('Inicio de sesión correcto');
    expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('es');
    // Chosen as the language menu chooses: remembered, so the next page comes in Spanish too.
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('es');
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(`¡Te damos la bienvenida, ${user.username}!`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('sends someone whose session ended to sign in again, then back to where they were', async () => {
    const user = await createUser(e2e.db, { password: 'expiring-secret' });
    const { page, context, problems } = await e2e.openPage();
    await e2e.signInAs(context, user);
    // The live stream is held unanswered: once open, it asks for the bell again (decision 0054),
    // and that read, when it comes late, finds the session ended before the person acts.
    const stream = '/api/notifications/stream';
    await page.route(`**${stream}`, () => {});
    const apiAnswered = watchApiAnswered(page, stream);
    await page.goto('/settings');
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(user.username);
    await expect.poll(apiAnswered).toBe(true);
    // The session ends on the server (idle too long, or a password changed elsewhere).
    await e2e.db.deleteFrom('sessions').where('userId', '=', user.id).execute();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughForm(page, user.email, 'expiring-secret');
    await page.waitForURL((url) => url.pathname === '/settings');
    expect(unexpectedProblems(problems, { sessionEnded: true })).toEqual([]);
    await context.close();
  });

  it('lets a person change their username and their password in Settings', async () => {
    const user = await createUser(e2e.db, { password: 'settings-secret' });
    const { page, context, problems } = await e2e.openPage();
    await e2e.signInAs(context, user);
    await page.goto('/settings');
    const username = page.getByLabel('Username');
    await expect.poll(() => username.inputValue()).toBe(user.username);
    await username.fill(`${user.username}_new`);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => toastText(page)).toContain('Profile updated successfully');
    // The sidebar greets the person by the new name at once.
    expect(
      await page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByText(`${user.username}_new`)
        .isVisible(),
    ).toBe(true);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('fresh-secret');
    await page.getByLabel('Confirm new password').fill('fresh-secrets');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm new password').fill('fresh-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain('Current password is incorrect');
    await page.getByLabel('Current password').fill('settings-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => toastText(page)).toContain('Password changed successfully');
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    expect(unexpectedProblems(problems, { refusedPasswordChange: true })).toEqual([]);
    await context.close();
  });

  it('caps the bell badge at 99+', async () => {
    const user = await createUser(e2e.db);
    for (let index = 0; index < 120; index++) {
      await createNotification(e2e.db, user.id, { title: `Notice ${index}` });
    }
    const { page, context } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, user);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: 'Notifications, 120 unread' });
    await expect.poll(() => bell.getByText('99+', { exact: true }).isVisible()).toBe(true);
    await bell.click();
    // The dropdown lists the ten newest; 'View all notifications' closes it and opens them all.
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(10);
    await panel.getByRole('link', { name: 'View all notifications' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/notifications');
    await expect
      .poll(() => page.getByText('Showing 1–25 of 120 notifications').isVisible())
      .toBe(true);
    await context.close();
  });

  it('tells of a refused sign-in without saying which part was wrong', async () => {
    const { page, context } = await e2e.openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toastText(page)).toContain('Missing Information');
    expect(await page.getByText('Username is required').isVisible()).toBe(true);
    await signInThroughForm(page, 'nobody-here', 'wrong-password');
    await expect.poll(() => toastText(page)).toContain('Login Failed');
    expect(await toastText(page)).toContain('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('resets a forgotten password with the link from the mail', async () => {
    const user = await createUser(e2e.db, { password: 'forgotten-secret' });
    const outbox = path.join(e2e.dataDir, 'outbox');
    const mailsBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const { page, context, problems } = await e2e.openPage(viewports.phone);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    // The dialog opens on its field: typing goes there, and Enter sends it.
    await dialog.waitFor();
    await page.keyboard.type(user.email);
    expect(await dialog.getByLabel('Username or email').inputValue()).toBe(user.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByText(/If an account matches/).isVisible()).toBe(true);

    // No SMTP_URL in this run: the mail is an .eml file in the outbox (read once fully written).
    const readNewMail = () => {
      const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      if (names.length <= mailsBefore) return '';
      const newest = names
        .map((name) => path.join(outbox, name))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
      return newest ? fs.readFileSync(newest, 'utf8') : '';
    };
    await expect.poll(readNewMail).toMatch(/reset-password/);
    const mail = readNewMail();
    expect(mail).toContain(`To: ${user.email}`);
    // Undo quoted-printable: soft line breaks and the encoded '='.
    const plain = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /\/reset-password\?token=[\w-]+/.exec(plain)?.[0];
    expect(link).toBeDefined();

    await page.goto(link ?? '');
    // A reset, not an invitation: the page speaks of a new password.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByText(/Your password has been changed/).isVisible())
      .toBe(true);

    // The link works once, and says so as soon as it is opened again.
    await page.goto(link ?? '');
    await expect.poll(() => page.getByText(/already used or expired/).isVisible()).toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughForm(page, user.username, 'brand-new-secret');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(unexpectedProblems(problems, { refusedResetLink: true })).toEqual([]);
    await context.close();
  });
});
