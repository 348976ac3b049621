import type { RouteMatch } from './routes.ts';

export interface PageText {
  title: string;
  /** Public pages and the 404 page only: the application's screens are not for search engines. */
  description: string | undefined;
}

/**
 * A page's document title and meta description, from the catalogue keys `meta.<page>.title` and
 * `meta.<page>.description`. The server writes them into the HTML; the browser updates them on
 * each navigation and language switch.
 */
/**
 * Pages whose name in code changed keep their catalogue keys: the keys are the translations
 * table's data, which agencies may have edited.
 */
const catalogueNameOf: Partial<Record<string, string>> = {
  adminTasks: 'adminTaskRequests',
  adminCreators: 'adminInfluencers',
};

export function pageText(
  match: RouteMatch,
  translate: (key: string) => string,
  siteName: string,
): PageText {
  const page = match.kind === 'notFound' ? 'notFound' : match.page;
  const name = translate(`meta.${catalogueNameOf[page] ?? page}.title`);
  return {
    title: page === 'home' ? `${siteName} | ${name}` : `${name} | ${siteName}`,
    description: match.kind === 'app' ? undefined : translate(`meta.${page}.description`),
  };
}
