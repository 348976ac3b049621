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
  /** The page in that language if a render of it is done and kept; never starts one. */
  ready(match: RouteMatch, language: Language): CachedPage | undefined;
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
  // The same renders once done, for an answer that must not wait (plugin.ts).
  const done = new Map<string, CachedPage>();
  let pagesToWarm: PageVersion[] | undefined;

  const keyOf = (match: RouteMatch, language: Language) =>
    `${match.kind === 'notFound' ? 'notFound' : match.page}:${language}`;

  function get(match: RouteMatch, language: Language): Promise<CachedPage> {
    const key = keyOf(match, language);
    let page = pages.get(key);
    if (!page) {
      const rendering = options.render(match, language);
      page = rendering;
      pages.set(key, rendering);
      rendering.then(
        (rendered) => {
          // Unless a clear came meanwhile: that render is of texts no longer current.
          if (pages.get(key) === rendering) done.set(key, rendered);
        },
        // A failed render is not kept: the next request tries again.
        () => {
          if (pages.get(key) === rendering) pages.delete(key);
        },
      );
    }
    return page;
  }

  function ready(match: RouteMatch, language: Language): CachedPage | undefined {
    return done.get(keyOf(match, language));
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
    done.clear();
    if (pagesToWarm) warm(pagesToWarm);
  }

  return { get, ready, warm, clear };
}
