import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { translator, type Catalogue, type TFunction } from '../../domain/i18n.ts';
import { defaultLanguage, isLanguage, type Language } from '../../domain/languages.ts';
import { languageParam } from '../../domain/routes.ts';
import {
  getLanguageTranslations,
  getTranslations,
} from '../features/content/api/get-translations.ts';
import { readStoredLanguage, storeLanguage } from '../lib/i18n.ts';

export interface LanguageContextValue {
  language: Language;
  /**
   * Switches the page to `language` and remembers the choice. Resolves once the page shows it,
   * with its `t` (for words said at that moment, such as a toast); when its dictionary cannot be
   * fetched, the page stays in its language and the promise resolves with that language's `t`.
   */
  setLanguage: (language: Language) => Promise<TFunction>;
  t: TFunction;
  /**
   * Nothing when `t` knows every text; else a promise that resolves once it does (the page came
   * with the public site's texts only). For `useAllTexts`.
   */
  allTexts: () => Promise<void> | undefined;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

interface Shown {
  language: Language;
  t: TFunction;
  /** Whether `t` knows every text, not only the public site's. */
  complete: boolean;
}

/**
 * Gives the app its language. It starts with the language and dictionary the server rendered the
 * page in (see entry-client.tsx), so the first render matches the HTML. Every language's whole
 * dictionary is fetched when the visitor first picks another language; the page's language's
 * whole one when a page needs more texts than a public page came with (`useAllTexts`).
 */
export function LanguageProvider({
  children,
  language: rendered,
  translations,
  translationsComplete = true,
}: {
  children: ReactNode;
  language: Language;
  translations: Catalogue;
  /** False when `translations` holds only the public site's texts. */
  translationsComplete?: boolean;
}) {
  const [shown, setShown] = useState<Shown>(() => ({
    language: rendered,
    t: translator(rendered, translations),
    complete: translationsComplete,
  }));
  // What a failed switch answers with, and the dictionaries so far: the page's own, until every
  // language's whole one is fetched.
  const latest = useRef(shown);
  const catalogues = useRef<Partial<Record<Language, Catalogue>>>(
    translationsComplete ? { [rendered]: translations } : {},
  );
  const fetchingRest = useRef<Promise<void> | undefined>(undefined);
  const { language, t, complete } = shown;

  const setLanguage = useCallback(async (next: Language) => {
    try {
      const catalogue =
        catalogues.current[next] ?? (catalogues.current = await getTranslations())[next];
      const nextShown = { language: next, t: translator(next, catalogue), complete: true };
      latest.current = nextShown;
      // A transition: a screen whose text in that language is still downloading (a legal
      // document) stays as it is until it arrives, instead of giving way to 'Loading…'.
      startTransition(() => setShown(nextShown));
      storeLanguage(next);
      // A page opened as ?lang=xx would otherwise come back in xx on reload.
      const url = new URL(window.location.href);
      if (url.searchParams.has(languageParam)) {
        url.searchParams.set(languageParam, next);
        window.history.replaceState(window.history.state, '', url);
      }
      return nextShown.t;
    } catch {
      // Without the other dictionaries (offline) the page stays readable in its language.
      return latest.current.t;
    }
  }, []);

  // One fetch, shared by every part that waits for it; a failed one is tried again on the next call.
  const allTexts = useCallback(() => {
    if (complete) return undefined;
    fetchingRest.current ??= getLanguageTranslations(latest.current.language).then(
      (fetched) => {
        catalogues.current = { ...catalogues.current, ...fetched };
        const { language: current, complete: isComplete } = latest.current;
        const catalogue = catalogues.current[current];
        // A switch of language meanwhile fetched every dictionary already.
        if (isComplete || !catalogue) return;
        latest.current = { language: current, t: translator(current, catalogue), complete: true };
        // Not a transition: the page on screen takes the whole dictionary (its texts the same)
        // before the page that waits for it draws, so that one never sees the partial one.
        setShown(latest.current);
      },
      (error: unknown) => {
        fetchingRest.current = undefined;
        throw error;
      },
    );
    return fetchingRest.current;
  }, [complete]);

  // The server chose the language from ?lang, the cookie or, on a first visit, the browser's
  // Accept-Language. The saved choice wins when the cookie was lost; a ?lang link is a choice
  // and is saved, and so is the language a first visit was shown in, so the visit stays in it.
  useEffect(() => {
    const fromUrl = new URL(window.location.href).searchParams.get(languageParam);
    const stored = readStoredLanguage();
    if (isLanguage(fromUrl) || (stored === undefined && rendered !== defaultLanguage)) {
      storeLanguage(rendered);
    } else if (stored !== undefined && stored !== rendered) {
      void setLanguage(stored);
    }
  }, [rendered, setLanguage]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(
    () => ({ language, setLanguage, t, allTexts }),
    [language, setLanguage, t, allTexts],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const context = use(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}

/**
 * For a page that reads texts beyond the public site's (the wizard, every application screen):
 * suspends it, on a page that came with the site's texts only, until the whole dictionary is
 * here, so it never draws a key in place of its text. A failed download reaches the error
 * boundary, whose 'Try again' asks again.
 */
export function useAllTexts(): void {
  const pending = useLanguage().allTexts();
  if (pending) use(pending);
}
