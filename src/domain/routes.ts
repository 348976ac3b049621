import { defaultLanguage, type Language } from './languages.ts';

/**
 * Every page of the app in one table. The client router builds its routes from it; the server
 * decides from it which paths it renders into HTML, which get the signed-in app's shell, which
 * answer 404, and what the sitemap lists.
 */

/** The public site: rendered on the server and hydrated. */
export const publicPaths = {
  home: '/',
  services: '/services',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  /** The application wizard: its first step arrives rendered, a draft is restored on top. */
  apply: '/apply',
  thankYou: '/thank-you',
} as const;
export type PublicPage = keyof typeof publicPaths;

/** Public pages search engines should not list: reached only after applying. */
export const unlistedPages: readonly PublicPage[] = ['thankYou'];

/**
 * The application's screens: served the single-page shell, the signed-in ones with their frame as
 * it is before the session answers (decision 0060); never rendered for a person on the server.
 */
export const appPaths = {
  login: '/login',
  /** Where the password reset mail's link lands (`resetPasswordPath` in auth.ts). */
  resetPassword: '/reset-password',
  adminDashboard: '/admin/dashboard',
  adminApplications: '/admin/applications',
  /** The administrators' tasks; the address keeps the product's old name for them. */
  adminTasks: '/admin/task-requests',
  /** One task with every assignee's files, to review. */
  adminTaskDetail: '/admin/task-requests/:id',
  adminUsers: '/admin/users',
  /** The overview of every creator; the address keeps the product's public word for them. */
  adminCreators: '/admin/influencers',
  adminCompensation: '/admin/compensation/:userId',
  /** The same screen without its id: it says 'Invalid user ID' rather than a missing page. */
  adminCompensationWithoutUser: '/admin/compensation',
  /** Who did what and when (decision 0057). */
  adminAudit: '/admin/audit',
  dashboard: '/dashboard',
  tasks: '/tasks',
  taskDetail: '/tasks/:id',
  compensation: '/compensation',
  settings: '/settings',
  /** Every notification, a page at a time ("View all notifications" in the bell's panel). */
  notifications: '/notifications',
} as const;
export type AppPage = keyof typeof appPaths;

/**
 * The pages a sister site takes over when one is configured: applying and signing in happen
 * there (docs/product.md, section 2), and these paths redirect to it.
 */
export const sisterSitePaths: readonly string[] = [publicPaths.apply, appPaths.login];

/** The signed-in areas, kept out of search engines by robots.txt. */
export const signedInPrefixes = [
  '/admin/',
  '/dashboard',
  '/tasks',
  '/compensation',
  '/settings',
  '/notifications',
];

/**
 * A page's language version is addressed as `?lang=es` (decision 0012); English, the default, has
 * none. Opening such an address also remembers the choice, as the switcher does.
 */
export const languageParam = 'lang';

/** The address of one language version of a page, relative to the site's root. */
export function localizedPath(path: string, language: Language): string {
  return language === defaultLanguage ? path : `${path}?${languageParam}=${language}`;
}

export type RouteMatch =
  | { kind: 'public'; page: PublicPage; path: string }
  | { kind: 'app'; page: AppPage }
  | { kind: 'notFound' };

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * The values of `pattern`'s `:param` segments in `pathname`, as they are written there (not
 * decoded), or undefined when it does not match. Matches like the client router does: letter case
 * and a trailing slash do not matter, and a `:param` segment matches any one segment.
 */
export function routeParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment.toLowerCase() !== value.toLowerCase()) return undefined;
  }
  return params;
}

function matches(pattern: string, pathname: string): boolean {
  return routeParams(pattern, pathname) !== undefined;
}

/** Which page a path opens. `path` of a public page is its canonical spelling. */
export function matchRoute(pathname: string): RouteMatch {
  for (const [page, path] of Object.entries(publicPaths) as [PublicPage, string][]) {
    if (matches(path, pathname)) return { kind: 'public', page, path };
  }
  for (const [page, path] of Object.entries(appPaths) as [AppPage, string][]) {
    if (matches(path, pathname)) return { kind: 'app', page };
  }
  return { kind: 'notFound' };
}

/** `pattern` with each `:name` segment replaced by its value, encoded as one path segment. */
function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/**
 * The address of every page, for links, redirects and navigation: a fixed page is its path, a
 * page with a parameter is a builder, so no screen writes a route by hand.
 */
export const paths = {
  ...publicPaths,
  ...appPaths,
  adminCompensation: (userId: string) => fillPath(appPaths.adminCompensation, { userId }),
  taskDetail: (id: string) => fillPath(appPaths.taskDetail, { id }),
  adminTaskDetail: (id: string) => fillPath(appPaths.adminTaskDetail, { id }),
} as const;
