import type { Language } from '../../domain/languages.ts';
import type { RouteMatch } from '../../domain/routes.ts';
import type { CachedPage } from './cached-page.ts';

/** One page in one language: what the cache keeps one render of. */
export interface PageVersion {
  match: RouteMatch;
  language: Language;
}

export interface RenderCache {
  /** The page in that language, rendered now if no render of it is kept or under way. */
  get(match: RouteMatch, language: Language): Promise<CachedPage>;
  /**
   * Renders the given pages in the background, and again after each `clear`, so no visitor
   * waits for a render.
   */
  warm(pages: PageVersion[]): void;
  /** Forgets every page: what they were rendered from has changed. */
  clear(): void;
}

/**
 * Rendered pages, one per page and language. A render under way is kept as its promise, so
 * requests arriving meanwhile share it instead of rendering again.
 */
export function createRenderCache(options: {
  render: (match: RouteMatch, language: Language) => Promise<CachedPage>;
  onWarmingFailure: (error: unknown) => void;
}): RenderCache {
  const pages = new Map<string, Promise<CachedPage>>();
  let pagesToWarm: PageVersion[] | undefined;

  function get(match: RouteMatch, language: Language): Promise<CachedPage> {
    const key = `${match.kind === 'notFound' ? 'notFound' : match.page}:${language}`;
    let page = pages.get(key);
    if (!page) {
      page = options.render(match, language);
      pages.set(key, page);
      // A failed render is not kept: the next request tries again.
      page.catch(() => pages.delete(key));
    }
    return page;
  }

  function warm(list: PageVersion[]) {
    pagesToWarm = list;
    // One page at a time, so requests arriving meanwhile wait for one render at most.
    const renderOneByOne = async () => {
      for (const { match, language } of list) await get(match, language);
    };
    renderOneByOne().catch(options.onWarmingFailure);
  }

  function clear() {
    pages.clear();
    if (pagesToWarm) warm(pagesToWarm);
  }

  return { get, warm, clear };
}
