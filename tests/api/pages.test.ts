import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import type { AdminTaskDetail, MyTaskDetail } from '../../src/domain/tasks.ts';
import { buildClient } from '../support/client-build.ts';
import { assignTask, createTask, createTaskUpload } from '../support/factories.ts';
import { createSignedInUser } from '../support/sign-in.ts';
import { describe, expect, test } from '../support/fixtures.ts';

// Plain HTTP, no browser: what a visitor with JavaScript off, a search engine or a link preview
// receives.

const appUrl = 'http://localhost:3000';
const en = catalogues.en;

const publicPages = [
  { path: '/', page: 'home', headline: "WE DON'T FOLLOW TRENDS WE CREATE" },
  { path: '/services', page: 'services', headline: en['services.hero.title'] },
  { path: '/about', page: 'about', headline: en['about.hero.title'] },
  { path: '/privacy-policy', page: 'privacyPolicy', headline: 'Privacy Policy' },
  { path: '/terms-of-service', page: 'termsOfService', headline: 'Terms of Service' },
  { path: '/cookie-policy', page: 'cookiePolicy', headline: 'Cookie Policy' },
  { path: '/apply', page: 'apply', headline: en['apply.title'] },
  { path: '/thank-you', page: 'thankYou', headline: 'Application Submitted Successfully' },
];

// The client and its SSR entry are built once for the file (it takes longer than a test may);
// every test's app serves that build.
let build: Awaited<ReturnType<typeof buildClient>>;
beforeAll(async () => {
  build = await buildClient();
}, 120_000);
afterAll(() => build?.remove());
test.override('appOptions', () => ({ clientDir: build.clientDir }));

function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function headline(html: string): string {
  return decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
}

function attribute(html: string, tagPattern: string, name: string): string | undefined {
  const tag = new RegExp(`<${tagPattern}[^>]*>`).exec(html)?.[0];
  const value = tag ? new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] : undefined;
  return value === undefined ? undefined : decode(value);
}

function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
}

describe('public pages with JavaScript off', () => {
  test('arrive complete: headline, own title and description, canonical, hreflang, Open Graph', async ({
    app,
  }) => {
    const titles = new Set<string>();
    for (const { path, page, headline: expected } of publicPages) {
      const response = await get(app, path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).toContain('<div id="root" data-server-rendered>');
      expect(headline(html), path).toBe(expected);

      const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(title, path).toContain(en[`meta.${page}.title`]);
      titles.add(title);
      expect(attribute(html, 'meta name="description"', 'content'), path).toBe(
        en[`meta.${page}.description`],
      );
      expect(attribute(html, 'link rel="canonical"', 'href')).toBe(appUrl + path);
      expect(hreflangs(html)).toEqual({
        en: appUrl + path,
        es: `${appUrl}${path}?lang=es`,
        pt: `${appUrl}${path}?lang=pt`,
        'x-default': appUrl + path,
      });
      expect(attribute(html, 'meta property="og:title"', 'content')).toBe(title);
      expect(attribute(html, 'meta property="og:url"', 'content')).toBe(appUrl + path);
      expect(html).toContain('<html lang="en">');
    }
    expect(titles.size).toBe(publicPages.length);
  });

  test('give link previews a 1200 x 630 picture at an absolute address', async ({ app }) => {
    const html = (await get(app, '/services?lang=es')).body;
    const image = attribute(html, 'meta property="og:image"', 'content');
    expect(image).toBe(`${appUrl}/images/og-image.jpg`);
    expect(attribute(html, 'meta property="og:image:alt"', 'content')).toBe(
      catalogues.es['meta.ogImageAlt'],
    );
    expect(attribute(html, 'meta name="twitter:card"', 'content')).toBe('summary_large_image');

    const response = await get(app, new URL(image!).pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    // The size is in the JPEG's start-of-frame segment (marker FFC0): height, then width.
    const jpeg = response.rawPayload;
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    expect([jpeg.readUInt16BE(frame + 7), jpeg.readUInt16BE(frame + 5)]).toEqual([1200, 630]);
  });

  test('name the agency in an Organization JSON-LD block', async ({ app, testApp }) => {
    const html = (await get(app, '/about')).body;
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: testApp.config.site.agencyName,
      legalName: testApp.config.site.legalEntity,
      url: `${appUrl}/`,
    });
  });

  test('carry no inline script the CSP would block: data travels as JSON', async ({ app }) => {
    for (const path of ['/', '/services', '/no-such-page', '/admin/dashboard']) {
      const html = (await get(app, path)).body;
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script, path).toMatch(/ src="|type="application\/(ld\+)?json"/);
      }
    }
  });

  test("state the identity document retention the server applies, the agency's setting included", async ({
    app,
    createApp,
  }) => {
    const retention = /deleted automatically (\d+) days after the rejection/;
    expect(retention.exec(decode((await get(app, '/privacy-policy')).body))?.[1]).toBe('30');
    const configured = await createApp(
      { APPLICATION_DOCUMENT_RETENTION_DAYS: '45' },
      { clientDir: build.clientDir },
    );
    const response = await configured.app.inject({ method: 'GET', url: '/privacy-policy' });
    expect(retention.exec(decode(response.body))?.[1]).toBe('45');
  });

  test('keep search engines to the public pages: noindex on the thank-you page', async ({
    app,
  }) => {
    expect((await get(app, '/thank-you')).body).toContain('<meta name="robots" content="noindex">');
    expect((await get(app, '/services')).body).not.toContain('noindex');
    expect((await get(app, '/apply')).body).not.toContain('noindex');
  });

  test('leave applying to a sister site when one is configured', async ({ createApp }) => {
    const withSister = await createApp(
      { SISTER_AUTH_URL: 'https://sister.example/auth' },
      { clientDir: build.clientDir },
    );
    const response = await withSister.app.inject({ method: 'GET', url: '/apply' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://sister.example/auth');
  });

  test("render the wizard's first step, disabled until the page's code runs", async ({ app }) => {
    const html = (await get(app, '/apply?lang=es')).body;
    expect(headline(html)).toBe(catalogues.es['apply.title']);
    expect(decode(html)).toContain(catalogues.es['apply.step.personal.title']);
    // Submitted by the browser itself, the form would put a passport number in the address;
    // typed into before the code runs, its fields would lose the text.
    const form = /<form[^>]*>\s*<fieldset([^>]*)>([\s\S]*)<\/fieldset>\s*<\/form>/.exec(html);
    expect(form?.[1]).toContain('disabled');
    expect(form?.[2]).toMatch(/<input[^>]*name="firstName"/);
    expect(form?.[2]).toMatch(/<button[^>]*type="submit"/);
  });
});

describe('languages', () => {
  test('render the language of the preferredLanguage cookie, with <html lang> to match', async ({
    app,
  }) => {
    const response = await get(app, '/services', { cookie: 'preferredLanguage=es' });
    const html = response.body;
    expect(html).toContain('<html lang="es">');
    expect(headline(html)).toBe(catalogues.es['services.hero.title']);
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toContain(
      catalogues.es['meta.services.title'],
    );
    expect(attribute(html, 'link rel="canonical"', 'href')).toBe(`${appUrl}/services?lang=es`);
    expect(response.headers.vary).toContain('Cookie');
  });

  test('address each language version as ?lang=, which also remembers the choice', async ({
    app,
  }) => {
    const response = await get(app, '/about?lang=pt');
    expect(response.body).toContain('<html lang="pt">');
    expect(headline(response.body)).toBe(catalogues.pt['about.hero.title']);
    expect(response.cookies).toContainEqual(
      expect.objectContaining({ name: 'preferredLanguage', value: 'pt', path: '/' }),
    );
    // The address wins over an earlier choice.
    const switched = await get(app, '/?lang=en', { cookie: 'preferredLanguage=pt' });
    expect(switched.body).toContain('<html lang="en">');
    expect(headline(switched.body)).toBe("WE DON'T FOLLOW TRENDS WE CREATE");
  });

  test("render a first visit in the browser's language, until the visitor chooses one", async ({
    app,
  }) => {
    const brazilian = { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' };
    const response = await get(app, '/services', brazilian);
    expect(response.body).toContain('<html lang="pt">');
    expect(headline(response.body)).toBe(catalogues.pt['services.hero.title']);
    expect(attribute(response.body, 'link rel="canonical"', 'href')).toBe(
      `${appUrl}/services?lang=pt`,
    );
    // Shared caches must keep each language's copy apart, and the browser's own copy is
    // revalidated by language too: the English page's tag is another.
    expect(response.headers.vary).toContain('Accept-Language');
    const english = await get(app, '/services', { 'accept-language': 'en-US,en;q=0.9' });
    expect(headline(english.body)).toBe(en['services.hero.title']);
    expect(english.headers.etag).not.toBe(response.headers.etag);
    // Asking is not choosing: nothing is remembered.
    expect(response.cookies).toEqual([]);

    // A choice, in the cookie or the address, wins over the browser.
    const chosen = await get(app, '/services', { ...brazilian, cookie: 'preferredLanguage=en' });
    expect(chosen.body).toContain('<html lang="en">');
    expect(headline((await get(app, '/services?lang=es', brazilian)).body)).toBe(
      catalogues.es['services.hero.title'],
    );
    // A language we do not speak leaves English; the application form follows the browser too.
    expect((await get(app, '/', { 'accept-language': 'fr-FR,fr;q=0.9' })).body).toContain(
      '<html lang="en">',
    );
    expect((await get(app, '/apply', { 'accept-language': 'es-MX,es;q=0.9' })).body).toContain(
      '<html lang="es">',
    );
  });

  test("show an agency's edit of the translations table on the next page", async ({ app }) => {
    await app.deps.db
      .updateTable('translations')
      .set({ en: 'GROWTH, DONE FOR YOU' })
      .where('key', '=', 'services.hero.title')
      .execute();
    expect((await get(app, '/api/translations')).statusCode).toBe(200);
    expect(headline((await get(app, '/services')).body)).toBe('GROWTH, DONE FOR YOU');
    await app.deps.db
      .updateTable('translations')
      .set({ en: en['services.hero.title']! })
      .where('key', '=', 'services.hero.title')
      .execute();
    await get(app, '/api/translations');
    expect(headline((await get(app, '/services')).body)).toBe(en['services.hero.title']);
  });
});

describe('other paths', () => {
  test('answer an unknown path with 404 and the PAGE NOT FOUND page', async ({ app }) => {
    for (const path of ['/no-such-page', '/services/extra', '/admin']) {
      const response = await get(app, path);
      expect(response.statusCode, path).toBe(404);
      expect(headline(response.body)).toBe('PAGE NOT FOUND');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
    const spanish = await get(app, '/no-such-page', { cookie: 'preferredLanguage=es' });
    expect(spanish.statusCode).toBe(404);
    expect(headline(spanish.body)).toBe(catalogues.es['notFound.title']);
  });

  test('send other spellings of a public address to the one address', async ({ app }) => {
    const response = await get(app, '/Services/?lang=es');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/services?lang=es');
  });

  test("give the application's screens the shell with 'Loading…', never cached, in the visitor's language", async ({
    app,
  }) => {
    const pt = catalogues.pt;
    const loading = `<p role="status" class="[^"]*">${pt['common.loading']}</p>`;
    for (const path of ['/admin/dashboard', '/tasks/123', '/tasks', '/login']) {
      const response = await get(app, path, { cookie: 'preferredLanguage=pt' });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<html lang="pt">');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      // Drawn by the browser, not hydrated: nothing in it belongs to anyone.
      expect(response.body, path).not.toContain('data-server-rendered');
    }
    // Painted at once, before any script: the screens' own 'Loading…', in Portuguese; a signed-in
    // screen in its frame (still empty: the server does not know who asks), under its heading
    // when that is the same for everyone.
    const login = await get(app, '/login', { cookie: 'preferredLanguage=pt' });
    expect(login.body).toMatch(new RegExp(`<div id="root" data-scripts="[^"]+">${loading}</div>`));
    const tasks = await get(app, '/tasks', { cookie: 'preferredLanguage=pt' });
    expect(tasks.body).toMatch(
      new RegExp(
        `<header [^>]*></header><main id="main"[^>]*>.*<h1[^>]*>${pt['page.tasks']}</h1><p[^>]*>${pt['tasks.mine.subtitle']}</p>.*${loading}</main>`,
      ),
    );
    // A note the screen always shows under its heading is drawn with it.
    const settings = await get(app, '/settings', { cookie: 'preferredLanguage=pt' });
    expect(settings.body).toMatch(
      new RegExp(
        `<h1[^>]*>${pt['page.settings']}</h1>.*<p>${pt['settings.adminOnlyNotice']}</p>.*${loading}</main>`,
      ),
    );
    // A dashboard's banner, its greeting by name held by a bar hidden from screen readers.
    const dashboard = await get(app, '/admin/dashboard', { cookie: 'preferredLanguage=pt' });
    expect(dashboard.body).toMatch(
      new RegExp(
        `<main id="main"[^>]*><div [^>]*><div aria-hidden="true"[^>]*>(?:<span[^>]*></span>|\\s)+</div><p[^>]*>${pt['dashboard.admin.subtitle']}</p></div>${loading}</main>`,
      ),
    );
    expect(dashboard.body).not.toContain('<h1');
    // A task's page is headed by its title: only its frame and 'Loading…'.
    const task = await get(app, '/tasks/123', { cookie: 'preferredLanguage=pt' });
    expect(task.body).toMatch(
      new RegExp(`<header [^>]*></header><main id="main"[^>]*>${loading}</main>`),
    );
    expect(task.body).not.toContain('<h1');
  });

  test('go out unrendered, and the server stays up, when the rendering entry is broken', async ({
    createApp,
  }) => {
    // A deploy whose SSR build fails to load: the client beside an entry that throws.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-broken-ssr-'));
    fs.symlinkSync(build.clientDir, path.join(root, 'client'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), "throw new Error('half a build');");
    try {
      const lines: string[] = [];
      const { app } = await createApp(
        { LOG_LEVEL: 'error' },
        { clientDir: path.join(root, 'client'), logStream: { write: (line) => lines.push(line) } },
      );
      const loading = `<p role="status" class="[^"]*">${en['common.loading']}</p>`;
      for (const path of ['/about', '/tasks']) {
        const response = await get(app, path);
        expect(response.statusCode, path).toBe(200);
        // The shell the browser draws the page in, as it does without a rendering entry.
        expect(response.body, path).toMatch(new RegExp(`<div id="root"[^>]*>${loading}</div>`));
        expect(response.body, path).not.toContain('data-server-rendered');
      }
      const errors = lines.filter((line) => line.includes('No usable SSR build'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('half a build');
      expect((await get(app, '/api/health')).statusCode).toBe(200);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('publish robots.txt and a sitemap of every listed page in every language', async ({
    app,
  }) => {
    const robots = await get(app, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain(`Sitemap: ${appUrl}/sitemap.xml`);

    const sitemap = await get(app, '/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const listed = publicPages.filter(({ path }) => path !== '/thank-you');
    expect(locations.sort()).toEqual(
      listed
        .flatMap(({ path }) => [
          appUrl + path,
          `${appUrl}${path}?lang=es`,
          `${appUrl}${path}?lang=pt`,
        ])
        .sort(),
    );
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="es" href="${appUrl}/about?lang=es"/>`,
    );
  });

  test('send pages compressed, and not again when the browser has them', async ({ app }) => {
    const compressed = await get(app, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(headline(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toBe(
      "WE DON'T FOLLOW TRENDS WE CREATE",
    );
    const etag = compressed.headers.etag as string;
    const again = await get(app, '/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('cache the hashed files for a year, in every encoding, and ask again for the rest', async ({
    app,
  }) => {
    const assets = fs.readdirSync(path.join(build.clientDir, 'assets'));
    const script = assets.find((file) => file.endsWith('.js') && assets.includes(`${file}.br`));
    const stylesheet = assets.find((file) => file.endsWith('.css'));
    const font = assets.find((file) => file.endsWith('.woff2'));
    expect([script, stylesheet, font]).not.toContain(undefined);
    const immutable = 'public, max-age=31536000, immutable';
    for (const file of [script, stylesheet, font, `${script}.br`, `${script}.gz`]) {
      for (const encoding of [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd']) {
        const response = await get(
          app,
          `/assets/${file}`,
          encoding ? { 'accept-encoding': encoding } : {},
        );
        expect(response.statusCode, `${file} ${encoding}`).toBe(200);
        expect(response.headers['cache-control'], `${file} ${encoding}`).toBe(immutable);
      }
    }
    const brotli = await get(app, `/assets/${script}`, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');

    // Files whose address stays the same across releases, and the pages, are asked for again.
    expect((await get(app, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    for (const page of ['/', '/dashboard']) {
      expect((await get(app, page)).headers['cache-control'], page).toBe('no-cache');
    }
  });

  test("name every script of an application's screen in its shell, for after the first paint, and none on a public page", async ({
    app,
  }) => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(build.clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const fileOf = (module: string) => `/${manifest[module]!.file}`;
    const preloads = (html: string) =>
      /<div id="root" data-scripts="([^"]+)">/.exec(html)?.[1]?.split(' ') ?? [];

    const taskShell = (await get(app, '/tasks/123')).body;
    const task = preloads(taskShell);
    // Named for the page's script to ask for once the shell is painted: the head makes the
    // browser fetch nothing before the stylesheet the first paint waits for.
    expect(taskShell).not.toContain('modulepreload');
    expect(taskShell.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    for (const module of [
      'app/entry-client.tsx',
      'app/platform-providers.tsx',
      'app/signed-in-layout.tsx',
      'features/tasks/task-detail-page.tsx',
      // What the screen's module imports, named too, so nothing waits for the module to arrive.
      ...manifest['features/tasks/task-detail-page.tsx']!.imports!,
    ]) {
      expect(task, module).toContain(fileOf(module));
    }
    expect(task).not.toContain(fileOf('features/compensation/compensation-page.tsx'));
    // A creator's screen never carries the administrators' forms.
    expect(task).not.toContain(fileOf('features/tasks/admin-tasks-page.tsx'));
    expect(new Set(task).size).toBe(task.length);

    const pay = preloads((await get(app, '/admin/influencers')).body);
    expect(pay).toContain(fileOf('features/compensation/admin-creators-page.tsx'));
    expect(pay).not.toContain(fileOf('features/tasks/task-detail-page.tsx'));

    // A public page arrives whole; its script starts it after the first paint with what it needs.
    expect((await get(app, '/')).body).not.toContain('data-scripts');
  });

  test("ask for the session in an application screen's shell, so the answer comes with its scripts", async ({
    app,
  }) => {
    // Credentials included, as the app's own request asks, or the browser would not reuse it.
    const sessionPreload =
      '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">';
    expect((await get(app, '/tasks/123')).body).toContain(sessionPreload);
    expect((await get(app, '/login')).body).toContain(sessionPreload);
    expect((await get(app, '/')).body).not.toContain('/api/auth/session');
  });

  test("preload a task's page's task for the person who may read it, and for nobody else", async ({
    app,
  }) => {
    const creator = await createSignedInUser(app);
    const admin = await createSignedInUser(app, { isAdmin: true });
    const task = await createTask(app.deps.db);
    const linkOf = async (client: { get: typeof creator.get } | undefined, url: string) => {
      const response = client ? await client.get(url) : await get(app, url);
      expect(response.statusCode).toBe(200);
      return response.headers.link;
    };
    // Credentials included, as the app's own request asks, or the browser would not reuse it.
    const preload = (path: string) =>
      `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

    expect(await linkOf(creator, `/tasks/${task.id}`)).toBe(preload(`/api/tasks/${task.id}`));
    // The address as the client's router reads it: its parameter decoded, then encoded again.
    expect(await linkOf(creator, `/Tasks/${task.id}/`)).toBe(preload(`/api/tasks/${task.id}`));
    expect(await linkOf(creator, '/tasks/a%20b')).toBe(preload('/api/tasks/a%20b'));
    // An address that is not valid percent-encoding is refused by the router, page or not.
    expect((await creator.get('/tasks/%E0%A4%A')).statusCode).toBe(400);
    expect(await linkOf(admin, `/admin/task-requests/${task.id}`)).toBe(
      preload(`/api/admin/tasks/${task.id}`),
    );
    // Nobody else: an answer nobody takes would stay in the page and answer the app's request
    // after signing in there.
    expect(await linkOf(undefined, `/tasks/${task.id}`)).toBeUndefined();
    expect(await linkOf(admin, `/tasks/${task.id}`)).toBeUndefined();
    expect(await linkOf(creator, `/admin/task-requests/${task.id}`)).toBeUndefined();
    const ended = await createSignedInUser(app);
    await ended.post('/api/auth/logout');
    expect(await linkOf(ended, `/tasks/${task.id}`)).toBeUndefined();
    // Screens whose reads their address does not give preload nothing but the session.
    expect(await linkOf(creator, '/tasks')).toBeUndefined();

    // A browser that has the shell asks again each time (no-cache), and its 304 carries it too.
    const first = await creator.get(`/tasks/${task.id}`);
    const again = await creator.get(`/tasks/${task.id}`, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.link).toBe(preload(`/api/tasks/${task.id}`));
  });

  test("preload a task's first picture with its page, as the API shows it to the person signed in", async ({
    app,
  }) => {
    // Administrators see a task's assignees by username.
    const ana = await createSignedInUser(app, { username: 'ana' });
    const ben = await createSignedInUser(app, { username: 'ben' });
    const admin = await createSignedInUser(app, { isAdmin: true });
    const task = await createTask(app.deps.db);
    await assignTask(app.deps.db, { taskId: task.id, userId: ana.user.id });
    await assignTask(app.deps.db, { taskId: task.id, userId: ben.user.id });
    const file = (
      userId: string,
      minute: number,
      fields: { fileType?: string; thumbnail?: boolean },
    ) =>
      createTaskUpload(app.deps.db, {
        taskId: task.id,
        userId,
        uploadedAt: `2026-11-30T10:0${minute}:00.000Z`,
        fileType: fields.fileType ?? 'image/jpeg',
        thumbnailKey: fields.thumbnail === false ? null : `thumbnails/${randomUUID()}.webp`,
      });
    const readsOf = (path: string) =>
      `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    // As the picture itself asks for it: no `crossorigin`, or the browser would ask again.
    const pictureOf = (path: string) => `<${path}>; rel=preload; as=image; fetchpriority=high`;
    const firstThumbnail = async (client: typeof ana, path: string) =>
      (await client.get(path)).json<MyTaskDetail>().uploads[0]!.thumbnailUrl!;
    const linkOf = async (client: typeof ana, url: string) => {
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      return response.headers.link;
    };
    const creatorsRead = `/api/tasks/${task.id}`;
    const adminsRead = `/api/admin/tasks/${task.id}`;

    // Nobody has sent a file yet: nothing to draw.
    expect(await linkOf(ana, `/tasks/${task.id}`)).toBe(readsOf(creatorsRead));
    expect(await linkOf(admin, `/admin/task-requests/${task.id}`)).toBe(readsOf(adminsRead));

    // Ben's photo, then his video; Ana has nothing yet. Each sees their own first file only.
    await file(ben.user.id, 1, {});
    await file(ben.user.id, 2, { fileType: 'video/mp4', thumbnail: false });
    const bensPicture = await firstThumbnail(ben, creatorsRead);
    expect(await linkOf(ben, `/tasks/${task.id}`)).toBe(
      `${readsOf(creatorsRead)}, ${pictureOf(bensPicture)}`,
    );
    expect(await linkOf(ana, `/tasks/${task.id}`)).toBe(readsOf(creatorsRead));
    // Administrators' page draws its assignees in order; the first file on it is Ben's photo.
    const [first, second] = (await admin.get(adminsRead)).json<AdminTaskDetail>().assignees;
    expect([first!.userId, first!.uploads.length, second!.uploads[0]!.thumbnailUrl]).toEqual([
      ana.user.id,
      0,
      bensPicture,
    ]);
    expect(await linkOf(admin, `/admin/task-requests/${task.id}`)).toBe(
      `${readsOf(adminsRead)}, ${pictureOf(bensPicture)}`,
    );

    // A first file the page draws without a picture names none: a video plays in place, and a
    // photo without a thumbnail shows an icon.
    await file(ana.user.id, 3, { fileType: 'video/quicktime', thumbnail: false });
    expect(await linkOf(ana, `/tasks/${task.id}`)).toBe(readsOf(creatorsRead));
    expect(await linkOf(admin, `/admin/task-requests/${task.id}`)).toBe(readsOf(adminsRead));
    const photoless = await createTask(app.deps.db);
    await assignTask(app.deps.db, { taskId: photoless.id, userId: ana.user.id });
    await createTaskUpload(app.deps.db, { taskId: photoless.id, userId: ana.user.id });
    expect(await linkOf(ana, `/tasks/${photoless.id}`)).toBe(readsOf(`/api/tasks/${photoless.id}`));

    // Whoever may not read the task gets no picture of it; an address no task can have, none.
    const carla = await createSignedInUser(app);
    expect(await linkOf(carla, `/tasks/${task.id}`)).toBe(readsOf(creatorsRead));
    expect(await linkOf(ben, `/admin/task-requests/${task.id}`)).toBeUndefined();
    expect(await linkOf(admin, `/tasks/${task.id}`)).toBeUndefined();
    expect(await linkOf(ben, '/tasks/a%20b')).toBe(readsOf('/api/tasks/a%20b'));
    expect(await linkOf(admin, '/admin/task-requests/a%20b')).toBe(
      readsOf('/api/admin/tasks/a%20b'),
    );
  });
});

/**
 * The header lines of one answer as they go over the wire (names as written, in their order),
 * with the values that change with the build or the moment (date, request id, ETag, length,
 * last change) masked.
 */
function headerLines(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<string[]>((resolve, reject) => {
    const request = http.request(url, { agent: false, ...init }, (response) => {
      response.resume();
      const raw = response.rawHeaders;
      const lines = [`${response.statusCode}`];
      for (let index = 0; index < raw.length; index += 2) {
        const name = raw[index]!;
        const masked = /^(date|x-request-id|etag|content-length|last-modified)$/i.test(name);
        lines.push(`${name}: ${masked ? '…' : raw[index + 1]}`);
      }
      response.on('end', () => resolve(lines));
    });
    request.on('error', reject);
    request.end();
  });
}

const policy =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self';connect-src 'self';media-src 'self' blob:;object-src 'none';base-uri 'self';" +
  "form-action 'self';frame-ancestors 'none'";
const securityLines = [
  `Content-Security-Policy: ${policy}`,
  'Cross-Origin-Opener-Policy: same-origin',
  'Cross-Origin-Resource-Policy: same-origin',
  'Origin-Agent-Cluster: ?1',
  'Referrer-Policy: strict-origin-when-cross-origin',
  'X-Content-Type-Options: nosniff',
  'X-DNS-Prefetch-Control: off',
  'X-Download-Options: noopen',
  'X-Frame-Options: DENY',
  'X-Permitted-Cross-Domain-Policies: none',
  'X-XSS-Protection: 0',
];
const pageLines = [
  'content-type: text/html; charset=utf-8',
  'cache-control: no-cache',
  'vary: Cookie, Accept-Language, Accept-Encoding',
  'etag: …',
];
const closing = ['Date: …', 'Connection: close'];
const json = 'content-type: application/json; charset=utf-8';

describe('headers', () => {
  // Every answer carries the same security headers, whatever sends it; pages add their own.
  test('stay what each kind of answer has always sent', async ({ baseUrl }) => {
    const gzip = { 'accept-encoding': 'gzip' };
    expect(await headerLines(`${baseUrl}/`, { headers: gzip })).toEqual([
      '200',
      ...securityLines,
      ...pageLines,
      'content-encoding: gzip',
      'x-request-id: …',
      'content-length: …',
      ...closing,
    ]);
    const etag = (await fetch(`${baseUrl}/`)).headers.get('etag')!;
    expect(
      await headerLines(`${baseUrl}/`, { headers: { ...gzip, 'if-none-match': etag } }),
    ).toEqual(['304', ...securityLines, ...pageLines, 'x-request-id: …', ...closing]);
    expect(
      await headerLines(`${baseUrl}/about?lang=es`, { headers: { 'accept-encoding': 'br' } }),
    ).toEqual([
      '200',
      ...securityLines,
      ...pageLines,
      'content-encoding: br',
      'x-request-id: …',
      'set-cookie: preferredLanguage=es; Max-Age=31536000; Path=/; SameSite=Lax',
      'content-length: …',
      ...closing,
    ]);
    for (const path of ['/services', '/nowhere', '/dashboard']) {
      expect(
        await headerLines(`${baseUrl}${path}`, { headers: { 'accept-language': 'pt-BR' } }),
      ).toEqual([
        path === '/nowhere' ? '404' : '200',
        ...securityLines,
        ...pageLines,
        'x-request-id: …',
        'content-length: …',
        ...closing,
      ]);
    }
    expect(await headerLines(`${baseUrl}/robots.txt`)).toEqual([
      '200',
      ...securityLines,
      'content-type: text/plain; charset=utf-8',
      'cache-control: public, max-age=3600',
      'x-request-id: …',
      'content-length: …',
      ...closing,
    ]);
    expect(await headerLines(`${baseUrl}/favicon.svg`)).toEqual([
      '200',
      ...securityLines,
      'cache-control: public, max-age=3600',
      'accept-ranges: bytes',
      'last-modified: …',
      'etag: …',
      'content-type: image/svg+xml',
      'content-length: …',
      'x-request-id: …',
      ...closing,
    ]);
    expect(await headerLines(`${baseUrl}/api/health`)).toEqual([
      '200',
      ...securityLines,
      'cache-control: no-store',
      json,
      'x-request-id: …',
      'content-length: …',
      ...closing,
    ]);
    for (const [path, status] of [
      ['/api/auth/user', '401'],
      ['/api/nowhere', '404'],
    ] as const) {
      expect(await headerLines(`${baseUrl}${path}`)).toEqual([
        status,
        ...securityLines,
        json,
        'x-request-id: …',
        'content-length: …',
        ...closing,
      ]);
    }
    expect(
      await headerLines(`${baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      }),
    ).toEqual(['403', ...securityLines, json, 'x-request-id: …', 'content-length: …', ...closing]);
  });

  test('over HTTPS add HSTS and upgrade-insecure-requests', async ({ createApp }) => {
    const { app } = await createApp(
      { APP_URL: 'https://agency.example' },
      { clientDir: build.clientDir },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    expect(
      await headerLines(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'gzip' } }),
    ).toEqual([
      '200',
      `Content-Security-Policy: ${policy};upgrade-insecure-requests`,
      ...securityLines.slice(1, 5),
      'Strict-Transport-Security: max-age=31536000; includeSubDomains',
      ...securityLines.slice(5),
      ...pageLines,
      'content-encoding: gzip',
      'x-request-id: …',
      'content-length: …',
      ...closing,
    ]);
  });
});

/** One answer over a real socket: status, headers (lower-case names) and the body's bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { agent: false, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/** Headers to compare between two answers: all but those of the moment and of the connection. */
function lasting(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

describe('a page already rendered', () => {
  test('is answered before Fastify with what Fastify answers, and without its request log', async ({
    createApp,
  }) => {
    const lines: string[] = [];
    const { app } = await createApp(
      { LOG_LEVEL: 'info' },
      { clientDir: build.clientDir, logStream: { write: (line) => lines.push(line) } },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const requestsLogged = () => lines.filter((line) => line.includes('"incoming request"')).length;
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { cookie: 'preferredLanguage=es' },
      { cookie: 'theme=dark; preferredLanguage=pt', 'accept-language': 'es' },
      { cookie: 'preferredLanguage=xx', 'accept-language': 'pt-BR,pt;q=0.9' },
      { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8', 'accept-encoding': 'br' },
    ];
    for (const headers of asked) {
      for (const path of ['/', '/about']) {
        // Through Fastify (inject never reaches the server's listener), rendering if need be.
        const throughFastify = await app.inject({ method: 'GET', url: path, headers });
        const before = requestsLogged();
        const first = await rawGet(`${baseUrl}${path}`, headers);
        expect(requestsLogged()).toBe(before);
        expect(first.status).toBe(200);
        expect(lasting(first.headers)).toEqual(lasting(throughFastify.headers));
        expect(first.body.equals(throughFastify.rawPayload)).toBe(true);

        const etag = first.headers.etag!;
        const again = await rawGet(`${baseUrl}${path}`, { ...headers, 'if-none-match': etag });
        const againThroughFastify = await app.inject({
          method: 'GET',
          url: path,
          headers: { ...headers, 'if-none-match': etag },
        });
        expect(again.status).toBe(304);
        expect(lasting(again.headers)).toEqual(lasting(againThroughFastify.headers));
        expect(again.body.length).toBe(0);
      }
    }
    // Anything else still goes through Fastify: a query, another method, another spelling.
    for (const [method, path] of [
      ['GET', '/about?lang=es'],
      ['HEAD', '/about'],
      ['GET', '/about/'],
      ['GET', '/%61bout'],
    ] as const) {
      const before = requestsLogged();
      await fetch(`${baseUrl}${path}`, { method });
      expect(requestsLogged()).toBe(before + 1);
    }
  });
});
