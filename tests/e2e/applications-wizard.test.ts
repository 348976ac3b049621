import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports, waitForWizard } from '../support/browser.ts';
import { useE2E, toastText, holdToast } from '../support/e2e.ts';
import { pngBytes } from '../support/files.ts';
import { unexpectedProblems } from './problems.ts';
import { catalogues } from '../../src/domain/locales/index.ts';

const e2e = useE2E();
const pt = catalogues.pt;

/** A real 1×1 PNG, so the browser reports it as image/png like any photo of an ID. */
const png = pngBytes(1, 1, [210, 90, 140]);
const message =
  'I create fitness and wellness content and want help growing my audience internationally.';

/**
 * Rests the pointer on the toast, which holds it open past its five seconds, as for anyone
 * reading it: then only putting its problem right can take it away, however slow the machine.
 */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

function progress(page: Page) {
  return page.getByRole('progressbar', { name: 'Application progress' });
}

/** The text a screen reader reads after the field's name: its hint and its error. */
function description(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

async function fillPersonal(page: Page) {
  await page.getByLabel('First Name').fill('Ana');
  await page.getByLabel('Last Name').fill('Silva');
  await page.getByLabel('Email').fill('ana.silva@example.com');
  await page.getByLabel('Phone').fill('+55 11 99999-0000');
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(heading);
}

/** The computed text colour of the control with this label. */
function colour(page: Page, label: string) {
  return page
    .getByLabel(label, { exact: true })
    .evaluate((element) => getComputedStyle(element).color);
}

describe('the application wizard', () => {
  it("opens in the site's frame in the browser's language, with the language menu at hand", async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    // A first visit from a browser set to Brazilian Portuguese.
    await page.setExtraHTTPHeaders({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' });
    await page.goto('/apply');
    await waitForWizard(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(pt['apply.title']);
    // The site's header (its name leads home) and footer frame the form.
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Creator Agency' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    // The visitor can switch language from the menu; an 'Apply Now' there would lead here again.
    await header.getByRole('button', { name: pt['nav.menu'] }).click();
    expect(await header.getByRole('link', { name: pt['nav.applyNow'] }).count()).toBe(0);
    await header.getByLabel(pt['language.label']!).filter({ visible: true }).selectOption('en');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Apply to Join');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows chosen values in the text colour, the Privacy Policy by the ID and Submit, and Previous and Submit as a pair on a phone', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);

    // A select shows its placeholder grey, and a chosen value in the same colour as typed text.
    await fillPersonal(page);
    await next(page, 'Location');
    const textColour = await colour(page, 'City');
    expect(await colour(page, 'Country')).not.toBe(textColour);
    await page.getByLabel('Country').selectOption('Brazil');
    expect(await colour(page, 'Country')).toBe(textColour);

    // The ID step and the Submit button say where the Privacy Policy is, without leaving the form.
    await page.evaluate(() =>
      sessionStorage.setItem('applicationDraft', JSON.stringify({ step: 4, values: {} })),
    );
    await page.reload();
    await waitForWizard(page);
    const documentStep = page.getByRole('region', { name: 'Identity Verification' });
    const policy = documentStep.getByRole('link', {
      name: 'Privacy Policy (opens in a new tab)',
    });
    expect(await policy.getAttribute('href')).toBe('/privacy-policy');
    expect(await policy.getAttribute('target')).toBe('_blank');
    expect(await documentStep.innerText()).toContain(
      'How we protect your ID and when we delete it: Privacy Policy',
    );

    await page.evaluate(() =>
      sessionStorage.setItem('applicationDraft', JSON.stringify({ step: 5, values: {} })),
    );
    await page.reload();
    await waitForWizard(page);
    await page.getByRole('heading', { level: 2, name: 'About You' }).waitFor();
    // The step's own link, beside Submit (the ID step's is hidden with its step).
    const beforeSubmit = page.getByText('How we handle your application:');
    expect(await beforeSubmit.isVisible()).toBe(true);
    expect(
      await beforeSubmit
        .getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('/privacy-policy');

    // On a phone, Previous and Submit are a neat pair: the same width and height, one above the
    // other, neither cut off.
    const previous = await page.getByRole('button', { name: 'Previous' }).boundingBox();
    const submit = await page.getByRole('button', { name: 'Submit Application' }).boundingBox();
    expect(previous && submit).toBeTruthy();
    expect(previous!.width).toBe(submit!.width);
    expect(previous!.height).toBe(submit!.height);
    expect(previous!.x).toBe(submit!.x);
    expect(submit!.y).toBeGreaterThanOrEqual(previous!.y + previous!.height);
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`takes a visitor through the five steps on a ${name}, each step accessible`, async () => {
      const { page, context, problems } = await e2e.openPage(viewport);
      await page.goto('/apply');
      await waitForWizard(page);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe('Apply to Join');

      const steps: [string, string, (page: Page) => Promise<void>][] = [
        ['Personal Information', '20', fillPersonal],
        [
          'Location',
          '40',
          async (page) => {
            await page.getByLabel('Country').selectOption('Brazil');
            await page.getByLabel('City').fill('São Paulo');
            await page.getByLabel('State/Province').fill('SP');
          },
        ],
        [
          'Social Media',
          '60',
          async (page) => {
            await page.getByLabel('Platform').selectOption('Instagram');
            await page.getByLabel('Handle').fill('@ana.fit');
            await page.getByLabel('Followers').fill('120000');
            await page.getByLabel('Profile URL (optional)').fill('instagram.com/ana.fit');
          },
        ],
        [
          'Identity Verification',
          '80',
          async (page) => {
            await page.getByLabel('ID Type').selectOption('State ID');
            await page.getByLabel('Document Number').fill('SP-123456');
            await page
              .getByLabel('ID Document')
              .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
          },
        ],
        [
          'About You',
          '100',
          async (page) => {
            await page.getByLabel('Personal Message').fill(message);
            await page.getByLabel('How did you hear about us').selectOption('Friend Referral');
          },
        ],
      ];

      for (const [index, [heading, percent, fill]] of steps.entries()) {
        expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true);
        expect(await progress(page).getAttribute('aria-valuenow')).toBe(percent);
        expect(await page.getByText(`Step ${index + 1} of 5`).isVisible()).toBe(true);
        // Submit only on the last step; Previous from the second on.
        expect(await page.getByRole('button', { name: 'Submit Application' }).count()).toBe(
          index === 4 ? 1 : 0,
        );
        expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(
          index === 0 ? 0 : 1,
        );
        await fill(page);
        expect(await axeViolations(page)).toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
          viewport.width,
        );
        const following = steps[index + 1];
        if (following) await next(page, following[0]);
      }

      // Previous goes back, and what was typed is still there.
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Identity Verification');
      expect(await page.getByLabel('Document Number').inputValue()).toBe('SP-123456');
      expect(await description(page, 'ID Document')).toContain('Selected: id.png');
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
      // Five steps with an axe scan each: more than one screen's worth of work.
    }, 120_000);
  }

  it('refuses an incomplete step with a toast and says which fields are missing', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);
    await page.getByLabel('First Name').fill('Ana');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect.poll(() => toastText(page)).toContain('Please complete all required fields');
    expect(await toastText(page)).toContain('All fields in this step are required to continue.');
    await holdToast(page, 'Please complete all required fields');
    expect(
      await page.getByRole('heading', { level: 2, name: 'Personal Information' }).isVisible(),
    ).toBe(true);
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('20');
    expect(await description(page, 'Last Name')).toContain('Last name is required');
    // A blank email is missing, not wrongly typed.
    expect(await description(page, 'Email')).toContain('Email is required');
    // The first field to fix has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'family-name',
    );
    expect(await axeViolations(page)).toEqual([]);

    // An error goes away as soon as it is fixed, and once the whole step is right, so does the
    // toast; it does not follow the visitor to the next step.
    await page.getByLabel('Last Name').fill('Silva');
    await expect.poll(() => description(page, 'Last Name')).not.toContain('required');
    expect(await toastText(page)).toContain('Please complete all required fields');
    await page.getByLabel('Email').fill('ana.silva');
    await page.getByLabel('Phone').fill('+55 11 99999-0000');
    await expect.poll(() => description(page, 'Email')).toContain('Invalid email address');
    await page.getByLabel('Email').fill('ana.silva@example.com');
    await expect.poll(() => toastText(page)).not.toContain('Please complete all required fields');
    await next(page, 'Location');
    expect(await toastText(page)).toBe('');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('asks for 50 characters of personal message on step 5, counting as the visitor types', async () => {
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/apply');
    await waitForWizard(page);
    // A draft from an earlier visit brings the visitor straight to step 5.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'applicationDraft',
        JSON.stringify({ step: 5, values: { personalMessage: '' } }),
      ),
    );
    await page.reload();
    await waitForWizard(page);
    await page.getByRole('heading', { level: 2, name: 'About You' }).waitFor();

    await page.getByLabel('Personal Message').fill('I love creating content.');
    expect(await description(page, 'Personal Message')).toContain('24 characters (minimum 50)');
    await page.getByLabel('How did you hear about us').selectOption('Online Search');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => toastText(page)).toContain('Please fix this issue:');
    expect(await toastText(page)).toContain(
      'Personal Message: Personal message must be at least 50 characters',
    );
    expect(await description(page, 'Personal Message')).toContain(
      'Personal message must be at least 50 characters',
    );

    await page.getByLabel('Personal Message').fill(message);
    await expect
      .poll(() => description(page, 'Personal Message'))
      .toBe(`${message.length} characters (minimum 50)`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it("checks the document's type and size with their toasts", async () => {
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/apply');
    await waitForWizard(page);
    await page.evaluate(() =>
      sessionStorage.setItem('applicationDraft', JSON.stringify({ step: 4, values: {} })),
    );
    await page.reload();
    await waitForWizard(page);
    const file = page.getByLabel('ID Document');
    await file.waitFor();

    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an ID'),
    });
    await expect.poll(() => toastText(page)).toContain('Invalid file type');
    expect(await toastText(page)).toContain('Please upload a JPEG, PNG, or PDF file.');
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    expect(await description(page, 'ID Document')).toContain(
      'Please upload a JPEG, PNG, or PDF file.',
    );

    // The server takes up to 10,485,760 bytes; one byte more is refused here already.
    await file.setInputFiles({
      name: 'exactly-the-limit.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10_485_760),
    });
    await expect
      .poll(() => description(page, 'ID Document'))
      .toContain('Selected: exactly-the-limit.png');
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10_485_761),
    });
    await expect.poll(() => toastText(page)).toContain('File too large');
    expect(await toastText(page)).toContain('Please upload a file smaller than 10MB.');
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await holdToast(page, 'File too large');

    // A fitting file puts the problem right, and its toast goes with it. A photo shows itself.
    await file.setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => toastText(page)).not.toContain('File too large');
    const thumbnail = page.getByRole('img', { name: 'Preview of id.png' });
    await expect
      .poll(() =>
        thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(1);
    const thumbnailUrl = await thumbnail.getAttribute('src');
    expect(thumbnailUrl).toMatch(/^blob:/);

    // A PDF shows its name; the photo's preview is let go, not kept in memory.
    await file.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: png });
    await expect.poll(() => description(page, 'ID Document')).toContain('Selected: passport.pdf');
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(0);
    expect(await page.getByText('passport.pdf', { exact: true }).isVisible()).toBe(true);
    // An image of the old address no longer loads (images may come from blob:, by the CSP).
    const isStillReadable = await page.evaluate(
      (url) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = url ?? '';
        }),
      thumbnailUrl,
    );
    expect(isStillReadable).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // Leaving out the browser's log line for that refused load, which the test caused.
    expect(
      unexpectedProblems(problems).filter((problem) => !problem.includes(thumbnailUrl ?? '')),
    ).toEqual([]);
    await context.close();
    // Two 10 MB files travel to the browser over the DevTools protocol: slow on a busy machine.
  }, 120_000);

  it('leaves no toast behind on the next step once the file is put right', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);
    await page.evaluate(() =>
      sessionStorage.setItem(
        'applicationDraft',
        JSON.stringify({ step: 4, values: { idType: 'Passport', documentNumber: 'FX123456' } }),
      ),
    );
    await page.reload();
    await waitForWizard(page);
    const file = page.getByLabel('ID Document');
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(''),
    });
    await expect.poll(() => toastText(page)).toContain('Invalid file type');
    await holdToast(page, 'Invalid file type');
    await file.setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => toastText(page)).toBe('');
    await next(page, 'About You');
    expect(await toastText(page)).toBe('');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('keeps what the visitor typed across a reload, social accounts included, but not the file', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);
    await fillPersonal(page);
    await next(page, 'Location');
    await page.getByLabel('Country').selectOption('Colombia');
    await page.getByLabel('City').fill('Medellín');
    await page.getByLabel('State/Province').fill('Antioquia');
    await next(page, 'Social Media');

    // One account cannot be removed; a second can.
    expect(await page.getByRole('button', { name: /^Remove account/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Another Account' }).click();
    expect(await page.getByRole('button', { name: /^Remove account/ }).count()).toBe(2);
    const second = page.getByRole('group', { name: 'Account 2' });
    await second.getByLabel('Platform').selectOption('TikTok');
    await second.getByLabel('Handle').fill('@ana.dance');
    await second.getByLabel('Followers').fill('5400');
    await second.getByLabel('Profile URL (optional)').fill('tiktok.com/@ana.dance');
    await second.getByLabel('Handle').focus();
    // The address is shown as it will be saved.
    expect(await second.getByLabel('Profile URL (optional)').inputValue()).toBe(
      'https://tiktok.com/@ana.dance',
    );
    await page.getByRole('button', { name: 'Remove account 1' }).click();
    expect(await page.getByRole('button', { name: /^Remove account/ }).count()).toBe(0);
    expect(await page.getByLabel('Handle').inputValue()).toBe('@ana.dance');

    await page.reload();
    await waitForWizard(page);
    await page.getByRole('heading', { level: 2, name: 'Social Media' }).waitFor();
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('60');
    expect(await page.getByLabel('Platform').inputValue()).toBe('TikTok');
    expect(await page.getByLabel('Handle').inputValue()).toBe('@ana.dance');
    expect(await page.getByLabel('Followers').inputValue()).toBe('5400');

    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('City').inputValue()).toBe('Medellín');
    expect(await page.getByLabel('Country').inputValue()).toBe('Colombia');
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('ana.silva@example.com');

    // The document is never kept: step 4 asks for it again.
    await next(page, 'Location');
    await next(page, 'Social Media');
    await next(page, 'Identity Verification');
    await page.getByLabel('ID Type').selectOption('Passport');
    await page.getByLabel('Document Number').fill('CC-1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => toastText(page)).toContain('Please complete all required fields');
    expect(await description(page, 'ID Document')).toContain(
      'Please choose a photo or scan of your ID.',
    );
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
