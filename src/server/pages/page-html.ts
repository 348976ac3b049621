import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { contentPaths } from '../../domain/api/content-paths.ts';
import { siteTexts } from '../../domain/content.ts';
import {
  initialStateElementId,
  screenScriptsAttribute,
  type InitialState,
} from '../../domain/initial-state.ts';
import type { Language } from '../../domain/languages.ts';
import { appPaths, signedInPrefixes, type AppPage, type RouteMatch } from '../../domain/routes.ts';
import { escapeHtml, headTags, scriptJson, type HeadContext } from './head-tags.ts';
import { startPageRenderer, type PageRenderer } from './page-renderer.ts';
import { readManifest, screenScripts } from './screen-scripts.ts';

/** What the client's build gives the server to make pages from. */
export interface ClientBuild {
  /** The built index.html, with the markers the server fills in. */
  template: string;
  /** Missing without a rendering entry's build: pages then go unrendered. */
  renderer: PageRenderer | undefined;
  /**
   * The scripts of an application's screen, by its path (the router's pattern, `/tasks/:id`);
   * none without a manifest or a rendering entry.
   */
  scriptsOf: (pathname: string) => Promise<string[]>;
}

const headMarker = '<!--app-head-->';
const rootMarker = '<div id="root"></div>';
/** Any unknown path renders the same 404 page, so one copy per language serves them all. */
const notFoundPath = '/__not-found__';

/**
 * Loads the page template from the client's build and the rendering entry from beside it
 * (dist/ssr beside dist/client). Without a built client there are no pages, only the API.
 */
export async function loadClientBuild(
  clientDir: string,
  log: FastifyBaseLogger,
): Promise<ClientBuild | undefined> {
  const templatePath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(templatePath)) {
    log.warn(`No built client in ${clientDir}; run "npm run build" to serve the web app.`);
    return undefined;
  }
  const template = fs.readFileSync(templatePath, 'utf8');
  if (!template.includes(headMarker) || !template.includes(rootMarker)) {
    throw new Error(`${templatePath} lacks the ${headMarker} or ${rootMarker} marker`);
  }
  const manifest = readManifest(clientDir);
  if (!manifest) log.warn(`No build manifest in ${clientDir}; screens are sent without preloads.`);
  const entryPath = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entryPath)) {
    // The browser can still build every page itself from the shell, so the site stays up.
    log.error(`No SSR build at ${entryPath}; pages go unrendered`);
    return { template, renderer: undefined, scriptsOf: async () => [] };
  }
  const renderer = startPageRenderer(entryPath, log);
  return {
    template,
    renderer,
    scriptsOf: async (pathname) =>
      manifest ? screenScripts(manifest, await renderer.pageModules(pathname)) : [],
  };
}

/**
 * Every application screen first asks who is signed in (its frame's guard waits for the answer),
 * and only once its scripts have arrived: named in the page, the answer comes while they do.
 * The app's own request (credentials included) takes the preloaded answer.
 */
const sessionPreload = `<link rel="preload" href="${contentPaths.session}" as="fetch" crossorigin="use-credentials">`;

/**
 * An application screen's scripts, named on its root for the page's script to ask for once the
 * shell is painted (`boot.ts`). Not as `<link rel="modulepreload">` in the head: the browser
 * would fetch them all before the first paint, and a phone's few connections and little
 * bandwidth went to twenty scripts while the stylesheet and the shell's 'Loading…' waited
 * (decision 0049).
 */
async function screenScriptsOf(build: ClientBuild, match: RouteMatch): Promise<string> {
  if (match.kind !== 'app') return '';
  const scripts = await build.scriptsOf(appPaths[match.page]);
  return scripts.length > 0 ? ` ${screenScriptsAttribute}="${escapeHtml(scripts.join(' '))}"` : '';
}

/**
 * What the sign-in screens (and every screen without a rendering entry) show until their scripts
 * draw them: the 'Loading…' of the screens (QueryState's), in the page's language, so a phone on a
 * slow network paints at once instead of staying blank; React replaces it when it draws the screen.
 */
function appLoadingMarkup(loading: string): string {
  return `<p role="status" class="py-12 text-center text-muted-foreground">${escapeHtml(loading)}</p>`;
}

/** A screen for signed-in people (not the sign-in and password reset screens). */
function isSignedInScreen(page: AppPage): boolean {
  return signedInPrefixes.some((prefix) => appPaths[page].startsWith(prefix));
}

/**
 * The page's markup: the public pages and the 404 page as they are, to be hydrated; a signed-in
 * screen as its frame draws it until the session answers (its heading and 'Loading…', decision
 * 0060), which the screen's first render replaces; the sign-in screens, 'Loading…'.
 */
async function markupOf(
  build: ClientBuild,
  match: RouteMatch,
  state: InitialState,
  appUrl: string,
) {
  const { renderer } = build;
  if (renderer && match.kind !== 'app') {
    const path = match.kind === 'public' ? match.path : notFoundPath;
    const markup = await renderer.renderPage(appUrl + path, state);
    if (markup !== undefined) return { markup, isHydrated: true };
  }
  if (renderer && match.kind === 'app' && isSignedInScreen(match.page)) {
    const markup = await renderer.renderPage(appUrl + appPaths[match.page], state);
    if (markup !== undefined) return { markup, isHydrated: false };
  }
  return {
    markup: appLoadingMarkup(state.translations['common.loading'] ?? ''),
    isHydrated: false,
  };
}

/**
 * One page in one language: the template with the page's head tags, the page's markup
 * (`markupOf`), and the state the browser starts from. The application's screens (for signed-in
 * people, not search engines) name every script the screen runs so the browser fetches them at
 * once.
 */
export async function pageHtml(
  build: ClientBuild,
  match: RouteMatch,
  language: Language,
  context: HeadContext,
): Promise<string> {
  const dictionary = context.translations[language];
  // The wizard reads the refusals of its checks, and the screens every area's texts.
  const isSitePage =
    match.kind === 'notFound' || (match.kind === 'public' && match.page !== 'apply');
  const state: InitialState = {
    language,
    translations: isSitePage ? siteTexts(dictionary) : dictionary,
    translationsComplete: !isSitePage,
    site: context.site,
  };
  const [{ markup, isHydrated }, scriptsAttribute] = await Promise.all([
    markupOf(build, match, state, context.appUrl),
    screenScriptsOf(build, match),
  ]);
  // Functions as replacements, so a `$` in the texts is never read as a replacement pattern.
  return (
    build.template
      .replace('<html lang="en">', () => `<html lang="${language}">`)
      .replace(headMarker, () => headTags(match, language, context))
      // After the stylesheet, at the head's end: the stylesheet the first paint waits for goes first.
      .replace('</head>', () => (match.kind === 'app' ? sessionPreload : '') + '</head>')
      .replace(
        rootMarker,
        () =>
          `<div id="root"${isHydrated ? ' data-server-rendered' : ''}${scriptsAttribute}>${markup}</div>` +
          `<script type="application/json" id="${initialStateElementId}">${scriptJson(state)}</script>`,
      )
  );
}
