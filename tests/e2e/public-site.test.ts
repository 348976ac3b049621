import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { openPage, viewports, waitForHydration } from '../support/browser.ts';
import { startBuiltServer, type BuiltServer } from '../support/built-server.ts';
import { useE2E } from '../support/e2e.ts';

const en = catalogues.en;
const publicPages = [
  { path: '/', heading: /WE DON'T\s+FOLLOW\s+TRENDS\s+WE CREATE/ },
  { path: '/services', heading: en['services.hero.title']! },
  { path: '/about', heading: en['about.hero.title']! },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/cookie-policy', heading: 'Cookie Policy' },
  { path: '/thank-you', heading: en['thankYou.title']! },
  { path: '/no-such-page', heading: 'PAGE NOT FOUND' },
];

// An agency that has configured every outside destination and two of its social profiles.
const outside = {
  FAN_SITE_URL: 'https://fans.example.org/',
  SIGNUP_URL: 'https://join.example.org/signup',
  SOCIAL_INSTAGRAM_URL: 'https://instagram.example.org/aurora',
  SOCIAL_YOUTUBE_URL: 'https://youtube.example.org/@aurora',
  SITE_NAME: 'Aurora Talent',
  SITE_LEGAL_ENTITY: 'Aurora Talent Group LLC',
};

const e2e = useE2E();
let configured: BuiltServer;
beforeAll(async () => {
  configured = await startBuiltServer(outside);
});
afterAll(() => configured.stop());

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const hrefOf = (link: Locator) => link.getAttribute('href');

/** The browser logs the 404 document itself; nothing else may appear. */
const consoleProblems = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('404 (Not Found)'));

describe('the public site without outside destinations', () => {
  it('leads every navigation and footer link to its page', async () => {
    const { page, context, problems } = await e2e.openPage();
    const links: { area: (page: Page) => Locator; name: string; path: string; hash?: string }[] = [
      { area: header, name: 'Creator Agency', path: '/' },
      { area: header, name: 'For Influencers', path: '/services' },
      { area: header, name: 'About', path: '/about' },
      { area: header, name: 'Apply Now', path: '/apply' },
      { area: footer, name: 'Social Media Growth', path: '/services', hash: 'social-media-growth' },
      { area: footer, name: 'Merch Launch', path: '/services', hash: 'merch-launch' },
      { area: footer, name: 'Website Building', path: '/services', hash: 'website-building' },
      { area: footer, name: 'Content Management', path: '/services', hash: 'content-management' },
      { area: footer, name: 'About Us', path: '/about' },
      { area: footer, name: 'Member Sign In', path: '/login' },
      { area: footer, name: 'Privacy Policy', path: '/privacy-policy' },
      { area: footer, name: 'Terms of Service', path: '/terms-of-service' },
      { area: footer, name: 'Cookie Policy', path: '/cookie-policy' },
    ];
    for (const link of links) {
      await page.goto('/thank-you');
      await waitForHydration(page);
      const target = link.area(page).getByRole('link', { name: link.name, exact: true });
      expect(await target.getAttribute('target'), link.name).toBeNull();
      await target.click();
      await page.waitForURL((url) => url.pathname === link.path, { timeout: 10_000 });
      if (link.hash) {
        expect(new URL(page.url()).hash).toBe(`#${link.hash}`);
        // The service's block is brought into view below the fixed navigation.
        await expect
          .poll(() =>
            page.locator(`#${link.hash}`).evaluate((el) => el.getBoundingClientRect().top),
          )
          .toBeLessThan(200);
      }
    }

    // Destinations that are not configured are not shown at all.
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: /for fans/i }).count()).toBe(0);
    expect(
      await footer(page)
        .getByRole('link', { name: /on (Instagram|TikTok|X|YouTube)/ })
        .count(),
    ).toBe(0);
    expect(await footer(page).innerText()).toContain(
      '© 2025 Creator Agency LLC. All rights reserved.',
    );
    // Apply buttons stay on our own form.
    for (const name of ['GET STARTED', 'APPLY NOW']) {
      for (const link of await page
        .getByRole('main')
        .getByRole('link', { name, exact: true })
        .all()) {
        expect(await hrefOf(link)).toBe('/apply');
      }
    }
    expect(consoleProblems(problems)).toEqual([]);
    await context.close();
  });

  it("glides to the software section with 'DISCOVER MORE'", async () => {
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/');
    await waitForHydration(page);
    const portfolio = page.locator('#portfolio');
    expect(await portfolio.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800);
    await page.getByRole('link', { name: 'DISCOVER MORE' }).click();
    // Lands with the section's top just under the fixed navigation, without leaving the page.
    await expect
      .poll(() => portfolio.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(64);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await portfolio.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("downloads a legal document in the reader's language only, and switches it in place", async () => {
    const { page, context, problems } = await e2e.openPage();
    // The document's files (privacy-policy-<hash>.js), not the page's code (privacy-policy-page-…).
    const documentFiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/privacy-policy-(?!page-)[^/]+\.js$/.test(pathname)) documentFiles.push(pathname);
    });
    await page.goto('/privacy-policy');
    await waitForHydration(page);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.innerText()).toBe('Privacy Policy');
    expect(documentFiles).toHaveLength(1);

    // Switched: the English text stays until the Spanish arrives; the page never blanks.
    await page.evaluate(() => {
      const watched = window as unknown as { blanked: boolean };
      watched.blanked = false;
      new MutationObserver(() => {
        if (!document.querySelector('main h1')) watched.blanked = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await header(page).getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => heading.innerText()).toBe('Política de privacidad');
    expect(await page.evaluate(() => (window as unknown as { blanked: boolean }).blanked)).toBe(
      false,
    );
    expect(documentFiles).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with PAGE NOT FOUND, status 404 and a way home', async () => {
    const { page, context, problems } = await e2e.openPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('PAGE NOT FOUND');
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('PAGE NOT FOUND');
    await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(consoleProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows the thank-you page with what happens next and a way home', async () => {
    const { page, context, problems } = await e2e.openPage();
    await page.goto('/thank-you');
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Application Submitted Successfully',
    );
    expect(await page.getByRole('main').getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('3-5 business days'),
      expect.stringContaining('email'),
      expect.stringContaining('phone call'),
    ]);
    expect(await page.getByRole('main').innerText()).toContain('not all applicants are approved');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists the four services, each with four inclusions and four benefits', async () => {
    const { page, context } = await e2e.openPage();
    await page.goto('/services');
    for (const id of [
      'social-media-growth',
      'merch-launch',
      'website-building',
      'content-management',
    ]) {
      const block = page.locator(`section#${id}`);
      for (const list of ["What's Included", 'Your Benefits']) {
        const items = block
          .getByRole('heading', { name: list })
          .locator('xpath=following-sibling::ul[1]/li');
        expect(await items.count(), `${id}: ${list}`).toBe(4);
      }
    }
    await context.close();
  });
});

describe('the public site with outside destinations configured', () => {
  it('links For Fans, apply buttons and social icons to the configured addresses', async () => {
    const { page, context, problems } = await openPage(e2e.browser, configured.baseUrl);
    await page.goto('/');
    await waitForHydration(page);

    const fans = header(page).getByRole('link', { name: 'For Fans' });
    expect(await hrefOf(fans)).toBe(outside.FAN_SITE_URL);
    expect(await fans.getAttribute('target')).toBeNull();
    expect(await hrefOf(page.getByRole('main').getByRole('link', { name: 'FOR FANS' }))).toBe(
      outside.FAN_SITE_URL,
    );

    // Every apply button opens the sign-up page in a new tab, and says so to screen readers.
    const applyLinks = [
      header(page).getByRole('link', { name: 'Apply Now (opens in a new tab)' }),
      page.getByRole('link', { name: 'GET STARTED (opens in a new tab)' }),
      ...(await page
        .getByRole('link', { name: 'APPLY NOW (opens in a new tab)', exact: true })
        .all()),
    ];
    expect(applyLinks.length).toBe(5);
    for (const link of applyLinks) {
      expect(await hrefOf(link)).toBe(outside.SIGNUP_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
    }

    const company = footer(page);
    expect(await hrefOf(company.getByRole('link', { name: 'For Fans' }))).toBe(
      outside.FAN_SITE_URL,
    );
    expect(await hrefOf(company.getByRole('link', { name: /^For Influencers/ }))).toBe(
      outside.SIGNUP_URL,
    );
    const social = company.getByRole('link', { name: /^Aurora Talent on / });
    expect(
      await social.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([outside.SOCIAL_INSTAGRAM_URL, outside.SOCIAL_YOUTUBE_URL]);
    expect(await company.innerText()).toContain(
      '© 2025 Aurora Talent Group LLC. All rights reserved.',
    );
    expect(
      await header(page).getByRole('link', { name: 'Aurora Talent', exact: true }).count(),
    ).toBe(1);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('on a phone', () => {
  it('opens the menu, closes it on a link and on Escape, and works by keyboard', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/');
    await waitForHydration(page);
    const toggle = header(page).getByRole('button', { name: 'Menu' });
    const menuAbout = header(page).getByRole('link', { name: 'About' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menuAbout.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await menu.isVisible()).toBe(true);
    await menuAbout.click();
    await page.waitForURL((url) => url.pathname === '/about');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    // Keyboard: Enter opens, Tab reaches the links, Escape closes and returns to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('For Influencers');
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches the language from the menu, and keeps it after a reload', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/');
    await waitForHydration(page);
    await header(page).getByRole('button', { name: 'Menu' }).click();
    await header(page).getByRole('combobox', { name: 'Language' }).selectOption('pt');
    const headline = page.getByRole('heading', { level: 1 });
    await expect
      .poll(() => headline.innerText())
      .toMatch(/NÓS NÃO\s+SEGUIMOS\s+TENDÊNCIAS\s+NÓS CRIAMOS/);
    expect(
      await page.getByRole('link', { name: 'PARA INFLUENCIADORES', exact: true }).isVisible(),
    ).toBe(true);

    await page.reload();
    await waitForHydration(page);
    expect(await headline.innerText()).toMatch(/NÓS NÃO/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    expect(await footer(page).innerText()).toContain('Todos os direitos reservados.');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a public page's texts", () => {
  const es = catalogues.es;
  /** A key shown in place of its text: `apply.title`, `auth.login.submit`. */
  const rawKey = /\b(?:apply|applications|auth|message|tasks|users|settings)\.[a-z]\w*/;
  const otherAreas = /^(?:apply|applications|auth|message|tasks|users|settings)\./;

  it('come without the other area, which the wizard and sign-in reached from it fetch before they draw', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/services?lang=es');
    await waitForHydration(page);
    const carried = await page.evaluate(() =>
      Object.keys(
        (
          JSON.parse(document.getElementById('initial-state')!.textContent!) as {
            translations: Record<string, string>;
          }
        ).translations,
      ),
    );
    expect(carried).toContain('services.hero.title');
    expect(carried.filter((key) => otherAreas.test(key))).toEqual([]);

    await header(page).getByRole('button', { name: es['nav.menu']! }).click();
    await header(page)
      .getByRole('link', { name: es['nav.applyNow']!, exact: true })
      .filter({ visible: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/apply');
    await page.getByRole('heading', { level: 1, name: es['apply.title']! }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(rawKey);

    await page.goto('/about');
    await waitForHydration(page);
    await footer(page).getByRole('link', { name: es['footer.signIn']!, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: es['auth.login.title']! }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);
    await page.getByRole('button', { name: es['auth.login.submit']!, exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leave the wizard whole when it is the page opened', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/apply?lang=es');
    await waitForHydration(page);
    const complete = await page.evaluate(
      () =>
        (
          JSON.parse(document.getElementById('initial-state')!.textContent!) as {
            translationsComplete: boolean;
          }
        ).translationsComplete,
    );
    expect(complete).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(es['apply.title']);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('scroll-into-view animations', () => {
  it('reveal what is below the fold once, and hide nothing from people who ask for less motion', async () => {
    const moving = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      reducedMotion: 'no-preference',
    });
    const page = await moving.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const waiting = page.locator('[data-reveal="hidden"]');
    await expect.poll(() => waiting.count()).toBeGreaterThan(10);
    // Nothing above the fold waits for an animation.
    expect(
      await waiting.evaluateAll(
        (elements) =>
          elements.filter((el) => el.getBoundingClientRect().top < window.innerHeight).length,
      ),
    ).toBe(0);
    // Scrolled to one after the other, each appears.
    for (const element of await waiting.elementHandles()) {
      await element.scrollIntoViewIfNeeded();
      await expect.poll(() => element.getAttribute('data-reveal')).toBe('shown');
    }
    expect(await waiting.count()).toBe(0);
    // Once shown, scrolling back does not play them again.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await waiting.count()).toBe(0);
    await moving.close();

    const still = await e2e.browser.newContext({ baseURL: e2e.baseUrl, reducedMotion: 'reduce' });
    const calm = await still.newPage();
    await calm.goto('/');
    await waitForHydration(calm);
    expect(await calm.locator('[data-reveal]').count()).toBe(0);
    await still.close();
  });
});

describe('phone layout', () => {
  it('fits every public page into 360 px in all three languages, no text cut off at the edge', async () => {
    const { page, context } = await e2e.openPage(viewports.phone);
    const cutOff: string[] = [];
    for (const language of ['en', 'es', 'pt']) {
      for (const { path } of publicPages) {
        await page.goto(`${path}?lang=${language}`);
        const beyondEdge = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) =>
              [...element.childNodes].some(
                (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
              ),
            )
            .filter(
              (element) =>
                element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
            )
            .map((element) => element.textContent?.trim().slice(0, 40) ?? ''),
        );
        cutOff.push(...beyondEdge.map((text) => `${language} ${path}: ${text}`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
          viewports.phone.width,
        );
      }
    }
    expect(cutOff).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('accessibility', () => {
  const violationsOf = async (page: Page, where: string) =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) =>
        `${where} ${violation.id}: ${violation.help} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );

  // One test per page and viewport: each opens, hydrates and runs axe over one page, which takes
  // a few seconds on two quiet cores and stays well inside the timeout on a busy machine.
  for (const [name, viewport] of Object.entries(viewports)) {
    describe(`on a ${name}`, () => {
      for (const { path, heading } of publicPages) {
        it(`finds no axe violations on ${path}, nor console errors`, async () => {
          const { page, context, problems } = await e2e.openPage(viewport);
          await page.goto(path);
          await waitForHydration(page);
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(heading);
          expect(await violationsOf(page, path)).toEqual([]);
          expect(consoleProblems(problems)).toEqual([]);
          await context.close();
        }, 60_000);
      }
    });
  }

  it('finds no axe violations in the open mobile menu', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await page.goto('/');
    await waitForHydration(page);
    const toggle = header(page).getByRole('button', { name: 'Menu' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await violationsOf(page, 'menu')).toEqual([]);
    expect(consoleProblems(problems)).toEqual([]);
    await context.close();
  }, 60_000);
});
