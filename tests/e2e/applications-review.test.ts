import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { viewports, waitForWizard } from '../support/browser.ts';
import { useE2E, toastText, holdToast } from '../support/e2e.ts';
import { createApplication, createUser } from '../support/factories.ts';
import { pngBytes } from '../support/files.ts';
import { unexpectedProblems } from './problems.ts';

const es = catalogues.es;

const e2e = useE2E();

/** A real 1×1 PNG, so the browser reports it as image/png like any photo of an ID. */
const png = pngBytes(1, 1, [210, 90, 140]);

async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

describe('applying and reviewing', () => {
  it('a visitor applies in Spanish with a PNG; an administrator reviews it, sees the ID and approves it; the creator follows the invitation and signs in', async () => {
    const email = `lucia.${Date.now().toString(36)}@example.com`;
    const message =
      'Creo contenido de fitness y bienestar, y quiero ayuda para crecer a nivel internacional.';

    // The visitor, in Spanish, on a phone.
    const visitor = await e2e.openPage(viewports.phone);
    await visitor.context.addCookies([
      { name: 'preferredLanguage', value: 'es', url: e2e.baseUrl },
    ]);
    const page = visitor.page;
    await page.goto('/apply');
    await waitForWizard(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Solicita tu ingreso');
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellido').fill('Gómez');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('+52 55 1234 5678');
    await next(page);
    await page.getByLabel('País').selectOption('Mexico');
    await page.getByLabel('Ciudad').fill('Ciudad de México');
    await page.getByLabel('Estado/Provincia').fill('CDMX');
    await next(page);
    await page.getByLabel('Plataforma').selectOption('Instagram');
    await page.getByLabel('Usuario').fill('@lucia.fit');
    await page.getByLabel('Seguidores').fill('85000');
    await page.getByLabel('URL del perfil (opcional)').fill('instagram.com/lucia.fit');
    await next(page);
    await page.getByLabel('Tipo de identificación').selectOption('Passport');
    await page.getByLabel('Número de documento').fill('G12345678');
    await page
      .getByLabel('Documento de identidad')
      .setInputFiles({ name: 'pasaporte.png', mimeType: 'image/png', buffer: png });
    await next(page);
    await page.getByLabel('Mensaje personal').fill(message);
    await page.getByLabel('Cómo nos conociste').selectOption('Influencer Recommendation');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you');
    // The draft is gone: a new visit starts empty.
    await page.goto('/apply');
    await waitForWizard(page);
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('');
    expect(unexpectedProblems(visitor.problems)).toEqual([]);
    await visitor.context.close();

    // The administrator, on a desktop.
    const admin = await createUser(e2e.db, { isAdmin: true });
    const reviewer = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(reviewer.context, admin);
    const review = reviewer.page;
    await review.goto('/admin/applications');
    await expect
      .poll(() => review.getByRole('heading', { level: 1 }).innerText())
      .toBe('Applications Management');
    await review.getByLabel('Search applications').fill(email);
    const card = review
      .getByRole('list', { name: 'Applications' })
      .getByRole('listitem')
      .filter({ has: review.getByRole('heading', { name: 'Lucía Gómez' }) });
    await expect.poll(() => card.innerText()).toContain('Pending');
    expect(await card.innerText()).toContain('Ciudad de México, Mexico');
    expect(await card.innerText()).toContain('Social platforms: 1');
    expect(await axeViolations(review)).toEqual([]);

    await card.getByRole('button', { name: 'Review Application: Lucía Gómez' }).click();
    const dialog = review.getByRole('dialog', { name: 'Review Application' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('+52 55 1234 5678');

    // The tabs are one stop in the tab order; arrow keys move between them.
    await dialog.getByRole('tab', { name: 'Personal' }).focus();
    await review.keyboard.press('ArrowRight');
    await review.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('tabpanel').innerText()).toContain('@lucia.fit');
    expect(await dialog.getByRole('tabpanel').innerText()).toContain('85,000');
    expect(
      await dialog.getByRole('link', { name: 'https://instagram.com/lucia.fit' }).isVisible(),
    ).toBe(true);
    await review.keyboard.press('ArrowRight');
    // The ID type she picked, named as the wizard names it.
    expect(await dialog.getByRole('tabpanel').innerText()).toContain('Passport');
    const image = dialog.getByRole('img', { name: 'ID document of Lucía Gómez' });
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBe(1);
    // Opening the document was recorded, and the reviewer sees their own view listed.
    const views = dialog.getByRole('region', { name: 'Who has opened this document' });
    await expect
      .poll(() => views.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(new RegExp(`^${admin.username} · `))]);
    const documentPath = await image.getAttribute('src');
    expect(await axeViolations(review, 'dialog')).toEqual([]);
    await review.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('tabpanel').innerText()).toContain(message);
    expect(await dialog.getByRole('tabpanel').innerText()).toContain('Influencer Recommendation');

    // The dialog also works on a phone.
    await review.setViewportSize(viewports.phone);
    expect(await review.evaluate(() => document.documentElement.scrollWidth)).toBe(
      viewports.phone.width,
    );
    expect(await axeViolations(review, 'dialog')).toEqual([]);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await review.setViewportSize(viewports.desktop);

    // A status must be chosen.
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect.poll(() => toastText(review)).toContain('Missing Information');
    expect(await toastText(review)).toContain('Please select a status for the application.');
    // Said in the dialog as well, where the focus is: the toasts sit beneath a modal dialog.
    expect(await dialog.innerText()).toContain('Please select a status for the application.');
    expect(await review.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');

    await dialog.getByLabel('New Status').selectOption('approved');
    await dialog.getByLabel('Admin Notes').fill('Great fit for the fitness roster.');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect.poll(() => toastText(review)).toContain('Application Updated');
    // No mail server in this test: the administrator gets the invitation link to pass on, and
    // is told the mail waits in the outbox, not that sending it failed.
    const invitation = dialog.getByLabel('Invitation link');
    await expect.poll(() => invitation.inputValue()).toContain('/reset-password?token=');
    const link = new URL(await invitation.inputValue());
    expect(await dialog.getByRole('heading', { level: 3 }).allInnerTexts()).toContain(
      'Invitation in the outbox: pass the link on',
    );
    expect(await dialog.innerText()).toContain('No mail server is configured');
    expect(await dialog.innerText()).not.toContain('could not be emailed');
    expect(await dialog.innerText()).toContain('Application Approved & User Account Created');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => card.innerText()).toContain('Approved');

    // Approved is final.
    await card.getByRole('button', { name: 'Review Application: Lucía Gómez' }).click();
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Application Approved & User Account Created');
    expect(await dialog.innerText()).toContain('Great fit for the fitness roster.');
    expect(await dialog.innerText()).toContain(admin.username);
    const locked = dialog.getByRole('button', { name: 'Status Locked' });
    expect(await locked.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('New Status').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Admin Notes').isDisabled()).toBe(true);
    expect(await axeViolations(review, 'dialog')).toEqual([]);

    // The application keeps the language it was made in (its mails use it).
    const stored = await e2e.db
      .selectFrom('applications')
      .select(['language', 'documentType', 'idType', 'heardAboutUs'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(stored).toEqual({
      language: 'es',
      documentType: 'passport',
      idType: 'Passport',
      heardAboutUs: 'Influencer Recommendation',
    });

    // The application can be erased completely, after confirming; its document goes too.
    await dialog.getByRole('button', { name: 'Erase Application' }).click();
    const confirm = review.getByRole('dialog', { name: 'Erase Application' });
    expect(await confirm.innerText()).toContain('This action cannot be undone.');
    expect(await axeViolations(review, 'dialog[open] dialog')).toEqual([]);
    await confirm.getByRole('button', { name: 'Erase for Good' }).click();
    await expect
      .poll(() => review.getByText('No applications found matching your criteria.').isVisible())
      .toBe(true);
    expect(await toastText(review)).toContain('Application Erased');
    expect((await review.request.get(documentPath ?? '')).status()).toBe(404);

    expect(unexpectedProblems(reviewer.problems)).toEqual([]);
    await reviewer.context.close();

    // The creator follows the invitation, chooses a password and signs in, in the language they
    // applied in, whatever the browser had before.
    const creator = await e2e.openPage(viewports.phone);
    expect(link.searchParams.get('lang')).toBe('es');
    // The page welcomes a new member: nothing there speaks of resetting a password.
    await creator.page.goto(`${link.pathname}${link.search}`);
    expect(await creator.page.getByRole('heading', { level: 1 }).innerText()).toBe(
      es['auth.invitation.title'],
    );
    // Once the link is checked (the form waits for the server's word that it is still good).
    await expect
      .poll(() => creator.page.getByText(es['auth.invitation.description']!).isVisible())
      .toBe(true);
    // The tab's title fits a first password as well as a new one.
    expect(await creator.page.title()).toMatch(/^Elige tu contraseña \| /);
    await creator.page.getByLabel(es['auth.newPassword']!, { exact: true }).fill('lucia-secret-1');
    await creator.page.getByLabel(es['auth.confirmNewPassword']!).fill('lucia-secret-1');
    await creator.page
      .getByRole('button', { name: es['auth.invitation.submit'], exact: true })
      .click();
    await expect.poll(() => creator.page.getByText(es['auth.invitation.done']!).count()).toBe(1);
    const main = await creator.page.locator('main').innerText();
    expect(main).not.toContain(es['auth.reset.title']);
    expect(main).not.toContain(es['auth.reset.done']);

    // Used once, the invitation says so in its own words as it opens, and who gives a new one.
    await creator.page.goto(`${link.pathname}${link.search}`);
    await expect
      .poll(() => creator.page.getByText(es['auth.invitation.unusable']!).count())
      .toBe(1);
    expect(await creator.page.getByLabel(es['auth.newPassword']!, { exact: true }).count()).toBe(0);
    await creator.page.getByRole('link', { name: es['auth.reset.backToLogin'] }).click();
    await creator.page.waitForURL((url) => url.pathname === '/login');
    await creator.page.getByLabel(es['auth.login.email']!).fill(email);
    await creator.page
      .getByLabel(es['auth.login.password']!, { exact: true })
      .fill('lucia-secret-1');
    await creator.page.getByRole('button', { name: es['auth.login.submit'] }).click();
    await creator.page.waitForURL((url) => url.pathname === '/dashboard');
    expect(unexpectedProblems(creator.problems, { refusedResetLink: true })).toEqual([]);
    await creator.context.close();
    // A whole journey through three people and four screens: longer than one screen's test.
  }, 120_000);

  it('shows all five tabs of the review dialog on a phone, none hidden off to the side', async () => {
    const application = await createApplication(e2e.db, {
      firstName: 'Rita',
      lastName: 'Moura',
      documentType: 'national_id',
      idType: 'State ID',
    });
    const admin = await createUser(e2e.db, { isAdmin: true });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto('/admin/applications');
    await page.getByLabel('Search applications').fill(application.email);
    await page.getByRole('button', { name: 'Review Application: Rita Moura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Application' });
    await dialog.waitFor();

    const tabList = dialog.getByRole('tablist');
    const box = await tabList.boundingBox();
    const names = ['Personal', 'Location', 'Social Media', 'Verification', 'Message'];
    for (const name of names) {
      const tab = await dialog.getByRole('tab', { name }).boundingBox();
      // Whole, inside the strip and on the screen, with nothing to scroll to find it.
      expect(tab, name).not.toBeNull();
      expect(tab!.x, name).toBeGreaterThanOrEqual(box!.x);
      expect(tab!.x + tab!.width, name).toBeLessThanOrEqual(box!.x + box!.width);
      expect(tab!.x + tab!.width, name).toBeLessThanOrEqual(viewports.phone.width);
    }
    expect(await tabList.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await dialog.getByRole('tab', { name: 'Verification' }).click();
    // The ID type she picked, as the wizard names it: not the stored "national id".
    const verification = await dialog.getByRole('tabpanel').innerText();
    expect(verification).toContain('State ID');
    expect(verification).not.toMatch(/national id/i);
    expect(await axeViolations(page, 'dialog')).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it("shows the server's refusal of a second application from the same email as an issue toast and on the page", async () => {
    const email = `twice.${Date.now().toString(36)}@example.com`;
    async function apply(page: Page) {
      await page.goto('/apply');
      await waitForWizard(page);
      await page.getByLabel('First Name').fill('Nora');
      await page.getByLabel('Last Name').fill('Díaz');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('+1 305 555 0100');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Country').selectOption('United States');
      await page.getByLabel('City').fill('Miami');
      await page.getByLabel('State/Province').fill('FL');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Platform').selectOption('TikTok');
      await page.getByLabel('Handle').fill('@nora');
      await page.getByLabel('Followers').fill('1200');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('ID Type').selectOption("Driver's License");
      await page.getByLabel('Document Number').fill('D-1');
      await page
        .getByLabel('ID Document')
        .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Next' }).click();
      await page
        .getByLabel('Personal Message')
        .fill('Lifestyle creator in Miami, looking for a long-term partner agency to grow with.');
      await page.getByLabel('How did you hear about us').selectOption('Online Search');
      await page.getByRole('button', { name: 'Submit Application' }).click();
    }

    const { page, context, problems } = await e2e.openPage();
    await apply(page);
    await page.waitForURL((url) => url.pathname === '/thank-you');
    await apply(page);
    await expect.poll(() => toastText(page)).toContain('Please fix this issue:');
    expect(await toastText(page)).toContain(
      'Email: An application with this email address is already being reviewed.',
    );
    expect(page.url()).toContain('/apply');
    // The page lists it too, and leads back to the step where the email is.
    const summary = page.getByRole('region', { name: /Your application was not sent/ });
    expect(await summary.innerText()).toContain('already being reviewed');
    await holdToast(page, 'already being reviewed');
    await summary.getByRole('button', { name: 'Go to step 1' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    // The refusal's toast does not follow the visitor to the step they went to fix.
    await expect.poll(() => toastText(page)).not.toContain('already being reviewed');
    // What the visitor typed is still there to correct.
    expect(await page.getByLabel('Personal Message').inputValue()).toContain('Lifestyle creator');
    expect(
      unexpectedProblems(problems).filter((problem) => !/status of 409/.test(problem)),
    ).toEqual([]);
    await context.close();
  });
});
