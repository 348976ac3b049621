import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports, type OpenedPage } from '../support/browser.ts';
import { expectAccessible, toastText, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();

/** The browsers the sessions list is to name: a phone's and a laptop's. */
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const windowsFirefox =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A browser of its own (a context), signed in as `user` and saying it is `userAgent`. */
async function signedInBrowser(
  user: { id: string },
  userAgent: string,
  viewport: { width: number; height: number } = viewports.phone,
): Promise<OpenedPage> {
  const opened = await e2e.openPage(viewport, { userAgent });
  await e2e.signInAs(opened.context, user, { userAgent });
  return opened;
}

/** Settings' list of sessions, once it has loaded. */
async function sessionsList(page: Page, title: string) {
  const list = page.getByRole('list', { name: title });
  await expect.poll(() => list.isVisible()).toBe(true);
  return list;
}

/** A browser whose session has ended is sent to sign in on its next page. */
async function expectSignedOut({ page, problems }: OpenedPage) {
  await page.goto('/settings');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  expect(unexpectedProblems(problems, { sessionEnded: true })).toEqual([]);
}

describe('signed-in sessions on a phone', () => {
  it("lists the person's devices with this one marked, and signs out another, everywhere else, then this one", async () => {
    const user = await createUser(e2e.db);
    const laptop = await signedInBrowser(user, windowsFirefox, viewports.desktop);
    const phone = await signedInBrowser(user, androidChrome);
    const { page, problems } = phone;
    await laptop.page.goto('/settings');
    await page.goto('/settings');

    const list = await sessionsList(page, 'Signed-in devices');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const thisPhone = list.getByRole('listitem').filter({ hasText: 'Chrome on Android' });
    const theLaptop = list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    expect(await thisPhone.getByText('This device').isVisible()).toBe(true);
    expect(await theLaptop.getByText('This device').count()).toBe(0);
    expect(await theLaptop.getByText('Used in the last few minutes').isVisible()).toBe(true);
    expect(await theLaptop.getByText(/^Signed in on /).isVisible()).toBe(true);
    await expectAccessible(page, problems);

    // The laptop, signed out from the phone: its next page asks it to sign in.
    await theLaptop.getByRole('button', { name: 'Sign out: Firefox on Windows' }).click();
    await expect.poll(() => toastText(page)).toContain('Firefox on Windows is signed out.');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await page.getByText('You are signed in on this device only.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);
    await expectSignedOut(laptop);

    // Two more: another laptop, and a script whose user agent names nothing.
    const secondLaptop = await signedInBrowser(user, windowsFirefox, viewports.desktop);
    await signIn(e2e.db, user);
    await page.reload();
    const again = await sessionsList(page, 'Signed-in devices');
    await expect.poll(() => again.getByRole('listitem').count()).toBe(3);
    expect(await again.getByText('Unknown device').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => toastText(page)).toContain('Signed out on 2 other devices.');
    await expect.poll(() => again.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page, problems);
    await expectSignedOut(secondLaptop);

    // This phone's own 'Sign out' is the top bar's Logout.
    await thisPhone.getByRole('button', { name: 'Sign out: Chrome on Android' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => toastText(page)).toContain('You have been successfully logged out.');
    await page.goto('/settings');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    for (const opened of [phone, laptop, secondLaptop]) await opened.context.close();
  });

  it('reads in Spanish and in Portuguese, within the width of the phone', async () => {
    const user = await createUser(e2e.db, { preferredLanguage: 'es' });
    const phone = await signedInBrowser(user, androidChrome);
    const { page, problems } = phone;
    await signIn(e2e.db, user, { userAgent: windowsFirefox });

    await page.goto('/settings?lang=es');
    const list = await sessionsList(page, 'Dispositivos con sesión iniciada');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const thisPhone = list.getByRole('listitem').filter({ hasText: 'Chrome en Android' });
    expect(await thisPhone.getByText('Este dispositivo').isVisible()).toBe(true);
    expect(await list.getByText('Firefox en Windows').isVisible()).toBe(true);
    expect(await list.getByText('Usado en los últimos minutos').count()).toBe(2);
    await expectAccessible(page, problems);
    await page.getByRole('button', { name: 'Cerrar sesión en los demás dispositivos' }).click();
    // The toast, in Spanish too.
    await expect
      .poll(() => page.getByText('Se cerró la sesión en 1 dispositivo más.').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText('Solo tienes la sesión iniciada en este dispositivo.').isVisible())
      .toBe(true);

    await signIn(e2e.db, user, { userAgent: windowsFirefox });
    await page.goto('/settings?lang=pt');
    const inPortuguese = await sessionsList(page, 'Dispositivos conectados');
    await expect.poll(() => inPortuguese.getByRole('listitem').count()).toBe(2);
    expect(await inPortuguese.getByText('Chrome no Android').isVisible()).toBe(true);
    expect(await inPortuguese.getByText('Este dispositivo').isVisible()).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Sair de todos os outros dispositivos' }).isVisible(),
    ).toBe(true);
    expect(
      await inPortuguese.getByRole('button', { name: 'Sair: Firefox no Windows' }).count(),
    ).toBe(1);
    await expectAccessible(page, problems);
    await phone.context.close();
  });

  it("lets an administrator end all of another person's sessions from the users page", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const person = await createUser(e2e.db, { firstName: 'Lucía', lastName: 'Gómez' });
    const theirs = await signedInBrowser(person, androidChrome);
    await theirs.page.goto('/dashboard');
    await expect.poll(() => new URL(theirs.page.url()).pathname).toBe('/dashboard');

    const { page, context, problems } = await signedInBrowser(admin, windowsFirefox);
    await page.goto('/admin/users');
    const card = page.getByRole('listitem').filter({ hasText: `@${person.username}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: `End sessions: ${person.username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out Lucía Gómez everywhere?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(
      await confirm
        .getByText('They are signed out on every device and must sign in again.')
        .isVisible(),
    ).toBe(true);
    await expectAccessible(page, problems);
    await confirm.getByRole('button', { name: 'End Sessions' }).click();
    await expect.poll(() => toastText(page)).toContain(`1 session of ${person.username} ended.`);
    await expect.poll(() => confirm.isVisible()).toBe(false);

    await expectSignedOut(theirs);
    await theirs.context.close();
    await context.close();
  });
});
