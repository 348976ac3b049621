import { describe, expect, it } from 'vitest';
import { viewports, waitForHydration } from '../support/browser.ts';
import { useE2E } from '../support/e2e.ts';

const e2e = useE2E();

describe('the brand typeface', () => {
  it('draws every page in Manrope, from one self-hosted file the HTML preloads', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
    });

    for (const pathname of ['/', '/apply', '/login']) {
      await page.goto(pathname);
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      const heading = page.getByRole('heading', { level: 1 }).first();
      // Polled: a screen still settling can swap its heading for a new one between finding it
      // and reading it, and a removed element has no style.
      await expect
        .poll(() => heading.evaluate((element) => getComputedStyle(element).fontFamily))
        .toMatch(/^"?Manrope Variable"?,/);
      // Accented Spanish and Portuguese letters are in the subset: no fallback glyphs for them.
      expect(
        await page.evaluate(() => document.fonts.check('16px "Manrope Variable"', 'ãçéñõ')),
      ).toBe(true);
    }

    const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
    expect(preload).toMatch(/^\/assets\/manrope-latin-wght-normal-[\w-]+\.woff2$/);
    // The preloaded file is the one the stylesheet uses: fetched once, from our own origin.
    expect([...new Set(fontRequests)]).toEqual([preload]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
