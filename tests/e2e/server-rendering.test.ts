import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { publicPaths as publicPathsByPage } from '../../src/domain/routes.ts';
import { viewports, waitForHydration } from '../support/browser.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { useE2E } from '../support/e2e.ts';

const publicPaths = Object.values(publicPathsByPage);

const e2e = useE2E();

describe('server-rendered pages in the browser', () => {
  it('hydrate every public page and the 404 page without a console error', async () => {
    const { page, context, problems } = await e2e.openPage();
    for (const pathname of publicPaths) {
      const response = await page.goto(pathname);
      expect(response?.status(), pathname).toBe(200);
      await waitForHydration(page);
    }
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await waitForHydration(page);
    // The browser logs the 404 document itself; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
    await context.close();
  });

  it('work as plain pages with JavaScript off on a phone: readable, linked, no dead menu button', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: viewports.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/WE CREATE/);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Menu' }).isVisible()).toBe(
      false,
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      catalogues.en['about.hero.title'],
    );
    // The wizard cannot work without scripts: it says so, and its form cannot be sent.
    await page.goto('/apply');
    expect(await page.getByText(catalogues.en['apply.needsJavaScript']!).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('First Name').isDisabled()).toBe(true);
    await context.close();
  });

  it('keep the chosen language across a reload, already in the HTML the server sends', async () => {
    const { page, context, problems } = await e2e.openPage(viewports.desktop);
    await page.goto('/services');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    const spanish = catalogues.es['services.hero.title']!;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(spanish);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toContain(catalogues.es['meta.services.title']);

    // No flash of English: the document that arrives on reload is Spanish before any script runs.
    const reload = await page.reload();
    const html = (await reload?.text()) ?? '';
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(spanish);
    expect(html).not.toContain(catalogues.en['services.hero.title']!);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(spanish);
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('es');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('never download the application’s code on a public page', async () => {
    // The built chunks of the application's areas, from Vite's manifest of the served build.
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    // The wizard is a public page of the applications area; the rest of the area is not.
    const platformFiles = Object.entries(manifest)
      .filter(
        ([source]) =>
          (/^(features\/(auth|applications|users|dashboards|tasks|compensation|notifications)\/|app\/platform-providers\.tsx)/.test(
            source,
          ) &&
            source !== 'features/applications/apply-page.tsx') ||
          // The chunk of what the signed-in frame alone needs (vite.config.ts).
          source.startsWith('_signed-in-frame-'),
      )
      .map(([, chunk]) => `/${chunk.file}`);
    expect(platformFiles.length).toBeGreaterThan(0);

    const { page, context } = await e2e.openPage(viewports.phone);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const pathname of [...publicPaths, '/no-such-page']) {
      await page.goto(pathname, { waitUntil: 'networkidle' });
    }
    expect(requested.some((file) => file.endsWith('.js'))).toBe(true);
    expect(requested.filter((file) => platformFiles.includes(file))).toEqual([]);
    await context.close();
  });

  it("ask for the app's code only once the first content is on screen, on a public page and a signed-in screen", async () => {
    // The page's own script and what it imports, from Vite's manifest of the served build.
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const boot = manifest['index.html']!;
    const bootFiles = [boot.file, ...(boot.imports ?? []).map((key) => manifest[key]!.file)];
    const creator = await createUser(e2e.db);
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    for (const pathname of ['/', '/apply', '/thank-you', '/tasks']) {
      await page.goto(pathname);
      await waitForHydration(page);
      // When the browser put the first text on screen, and when each script was asked for: the
      // page's own small script comes with the page; React, the app and the screen's code after.
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ file: new URL(entry.name).pathname, askedAt: entry.startTime })),
      }));
      const appCode = scripts.filter(({ file }) => !bootFiles.includes(file.slice(1)));
      expect(appCode.map(({ file }) => file).join(' '), pathname).toMatch(/\/react-[\w-]+\.js/);
      expect(
        appCode.filter(({ askedAt }) => askedAt < firstPaint),
        pathname,
      ).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("paint a signed-in screen's frame and heading before its scripts run, and the screen then takes their place without moving them", async () => {
    const pt = catalogues.pt;
    const stamp = Date.now().toString(36);
    const creator = await createUser(e2e.db, {
      preferredLanguage: 'pt',
      firstName: `Rita${stamp}`,
    });
    const task = await createTask(e2e.db, { title: `Ensaio ${stamp}` });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id });
    const heading = { level: 1, name: pt['page.tasks'] } as const;

    // What a phone paints before any script has run: the frame, the heading, 'Loading…'.
    const before = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: viewports.phone,
      javaScriptEnabled: false,
    });
    await e2e.signInAs(before, creator);
    const shell = await before.newPage();
    await shell.goto('/tasks?lang=pt');
    expect(await shell.getByRole('heading', heading).isVisible()).toBe(true);
    expect(await shell.getByText(pt['tasks.mine.subtitle']!).isVisible()).toBe(true);
    expect(await shell.getByRole('status').innerText()).toBe(pt['common.loading']);
    // Nothing that needs a script or knows the person: no menu, no bell, no name.
    expect(await shell.getByRole('button').count()).toBe(0);
    expect(await shell.getByText(`Rita${stamp}`).count()).toBe(0);
    const painted = await shell.getByRole('heading', heading).boundingBox();
    await before.close();

    // The screen itself, once its scripts have run: one heading, where it was painted.
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    await page.goto('/tasks?lang=pt');
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: task.title }).count())
      .toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('heading', heading).boundingBox()).toEqual(painted);
    expect(await page.getByRole('button', { name: pt['layout.openMenu'] }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
