import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { viewports, waitForWizard } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { pngBytes } from '../support/files.ts';

const e2e = useE2E();

/**
 * A phone's slow uplink: 3 MB of ID photo takes several seconds at 256 KB/s. Only the upload is
 * slow, so the page itself loads as usual.
 */
const slowUplink = {
  offline: false,
  latency: 40,
  downloadThroughput: -1,
  uploadThroughput: 256 * 1024,
};

describe("the application's ID document on a slow uplink", () => {
  it('shows how much of it has gone out while the application is sent', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply');
    await waitForWizard(page);
    await page.getByLabel('First Name').fill('Lucía');
    await page.getByLabel('Last Name').fill('Romero');
    await page.getByLabel('Email').fill(`slow.${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Phone').fill('+34 600 000 000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Country').selectOption('Spain');
    await page.getByLabel('City').fill('Sevilla');
    await page.getByLabel('State/Province').fill('Andalucía');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Platform').selectOption('Instagram');
    await page.getByLabel('Handle').fill('@lucia.runs');
    await page.getByLabel('Followers').fill('5400');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('ID Type').selectOption('Passport');
    await page.getByLabel('Document Number').fill('PA-778812');
    // A phone's photo of a passport: a real PNG with the weight of a camera picture.
    const photo = Buffer.concat([pngBytes(1, 1, [120, 80, 60]), randomBytes(3 * 1024 * 1024)]);
    await page
      .getByLabel('ID Document')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .getByLabel('Personal Message')
      .fill('Running and travel creator from Sevilla, looking for brands that fit my audience.');
    await page.getByLabel('How did you hear about us').selectOption('Online Search');

    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', slowUplink);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    // The bar moves as the photo goes out, and says so to a screen reader.
    const bar = page.getByRole('progressbar', { name: 'ID document upload progress' });
    const shown = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(shown).toBeGreaterThan(0);
    expect(await shown()).toBeLessThan(100);
    expect(await page.getByText('Uploading your ID document...').isVisible()).toBe(true);
    await expectAccessible(page, problems);

    await network.send('Network.emulateNetworkConditions', { ...slowUplink, uploadThroughput: -1 });
    await page.waitForURL((url) => url.pathname === '/thank-you');
    await context.close();
  });
});
