import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { openPage, viewports } from '../support/browser.ts';
import { startBuiltServer } from '../support/built-server.ts';
import { expectAccessible, toastText, useE2E } from '../support/e2e.ts';
import { createUser } from '../support/factories.ts';
import { signInBrowser } from '../support/sign-in.ts';

const e2e = useE2E();

/**
 * The code the app shows half a minute from now: the next time-step's, which the server accepts
 * (one step either side) and which no earlier sign-in or set-up has taken yet.
 */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

/** Settings' set-up, as a person does it: the password, the key read off the screen, a code. */
async function setUp(page: Page, password: string, problems: string[]) {
  await page.getByRole('button', { name: 'Set it up' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const qr = page.getByRole('img', {
    name: 'QR code that adds your account to an authenticator app',
  });
  await expect.poll(() => qr.isVisible()).toBe(true);
  // Drawn from the encoder loaded for this screen: an SVG, not an empty square.
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = ((await page.locator('code').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = page.getByLabel('Code from the app');
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  await expectAccessible(page, problems);

  await code.fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Save your recovery codes' });
  await expect.poll(() => list.isVisible()).toBe(true);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessible(page, problems);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect
    .poll(() =>
      page.getByText('On: signing in asks for a code from your authenticator app.').isVisible(),
    )
    .toBe(true);
  return { secret, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

/** The password step of the sign-in form, which must ask for the code next. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect
    .poll(() => page.getByRole('heading', { name: 'Two-step verification' }).isVisible())
    .toBe(true);
}

describe('two-step verification on a phone', () => {
  it('is set up in Settings, then signs in with a code from the app and with a recovery code', async () => {
    const user = await createUser(e2e.db, { password: 'phone-secret' });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, user);
    await page.goto('/settings');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Two-step verification' }).isVisible())
      .toBe(true);
    await expectAccessible(page, problems);
    const { secret, recoveryCodes } = await setUp(page, 'phone-secret', problems);
    await signOut(page);

    // The app's code, on the digits keyboard a phone offers for it.
    await passwordStep(page, user.username, 'phone-secret');
    const code = page.getByLabel('Authentication code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page, problems);
    await code.fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await signOut(page);

    // A recovery code instead, typed from the list saved at the set-up.
    await passwordStep(page, user.email, 'phone-secret');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recovery = page.getByLabel('Recovery code');
    await recovery.fill(recoveryCodes[0]!);
    await expectAccessible(page, problems);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');

    // Codes and phone lost: an administrator resets the factor from the users page.
    const admin = await createUser(e2e.db, { isAdmin: true });
    const desk = await e2e.openPage(viewports.phone);
    await e2e.signInAs(desk.context, admin);
    await desk.page.goto(`/admin/users?q=${user.username}`);
    const card = desk.page.getByRole('listitem').filter({ hasText: `@${user.username}` });
    await expect.poll(() => card.getByText('Two-step verification on').isVisible()).toBe(true);
    await card
      .getByRole('button', { name: `Reset two-step verification: ${user.username}` })
      .click();
    const confirm = desk.page.getByRole('dialog', { name: /^Reset two-step verification for / });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(desk.page, desk.problems);
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expect
      .poll(() => toastText(desk.page))
      .toContain(`${user.username} now signs in with their password alone, and was told by email.`);
    await expect.poll(() => card.getByText('Two-step verification on').count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Reset two-step verification/ }).count()).toBe(
      0,
    );
    await desk.context.close();

    await page.goto('/settings');
    await expect
      .poll(() => page.getByText('Off: signing in asks for your password only.').isVisible())
      .toBe(true);
    await context.close();
  });

  it('is set up and asks for the code in Spanish, and takes a recovery code in Portuguese', async () => {
    const user = await createUser(e2e.db, { preferredLanguage: 'es', password: 'clave-segura' });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, user);
    await page.goto('/settings?lang=es');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Verificación en dos pasos' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Configurarla' }).click();
    await page.getByLabel('Tu contraseña').fill('clave-segura');
    await expectAccessible(page, problems);
    await page.getByRole('button', { name: 'Continuar' }).click();
    const code = page.getByLabel('Código de la app');
    await expect.poll(() => code.isVisible()).toBe(true);
    const secret = ((await page.locator('code').textContent()) ?? '').trim();
    await code.fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await page.getByRole('button', { name: 'Activar' }).click();
    const list = page.getByRole('list', { name: 'Guarda tus códigos de recuperación' });
    await expect.poll(() => list.isVisible()).toBe(true);
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    await expectAccessible(page, problems);
    await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
    await context.clearCookies();

    // The code step, in Spanish.
    await page.goto('/login?lang=es');
    await page.getByLabel('Correo electrónico').fill(user.username);
    await page.getByLabel('Contraseña').fill('clave-segura');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const appCode = page.getByLabel('Código de autenticación');
    await expect.poll(() => appCode.isVisible()).toBe(true);
    expect(
      await page
        .getByText('Introduce el código de 6 dígitos de tu app de autenticación.')
        .isVisible(),
    ).toBe(true);
    await expectAccessible(page, problems);
    await appCode.fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();

    // A recovery code, in Portuguese.
    const pt = await e2e.openPage(viewports.phone);
    await pt.page.goto('/login?lang=pt');
    await pt.page.getByLabel('E-mail').fill(user.username);
    await pt.page.getByLabel('Senha').fill('clave-segura');
    await pt.page.getByRole('button', { name: 'Entrar' }).click();
    await expect
      .poll(() => pt.page.getByRole('heading', { name: 'Verificação em duas etapas' }).isVisible())
      .toBe(true);
    await pt.page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await pt.page.getByLabel('Código de recuperação').fill(recoveryCodes[1]!);
    await expectAccessible(pt.page, pt.problems);
    await pt.page.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => new URL(pt.page.url()).pathname).toBe('/dashboard');
    await pt.context.close();
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('holds an administrator at the set-up, whatever page they open, until it is on', async () => {
    const server = await startBuiltServer({ REQUIRE_ADMIN_2FA: 'true' });
    const handle = openDatabase({ databaseUrl: undefined, dataDir: server.dataDir });
    try {
      const boss = await createUser(handle.db, { isAdmin: true, password: 'boss-secret' });
      const { page, context, problems } = await openPage(
        e2e.browser,
        server.baseUrl,
        viewports.phone,
      );
      await signInBrowser(context, server.baseUrl, handle.db, boss);
      await page.goto('/admin/users');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Set up two-step verification' }).isVisible())
        .toBe(true);
      await expectAccessible(page, problems);

      await page.getByLabel('Your password').fill('boss-secret');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.locator('code').isVisible()).toBe(true);
      const secret = ((await page.locator('code').textContent()) ?? '').trim();
      await page
        .getByLabel('Code from the app')
        .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      // The page they opened, now that the factor is on.
      await expect
        .poll(() => page.getByRole('heading', { name: 'User Management' }).isVisible())
        .toBe(true);
      await context.close();
    } finally {
      await handle.db.destroy();
      await server.stop();
    }
  });
});
