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
import { getTranslations } from '../features/content/api/get-translations.ts';
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
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

interface Shown {
  language: Language;
  t: TFunction;
}

/**
 * Gives the app its language. It starts with the language and dictionary the server rendered the
 * page in (see entry-client.tsx), so the first render matches the HTML; the other languages'
 * dictionaries are fetched when the visitor first picks one.
 */
export function LanguageProvider({
  children,
  language: rendered,
  translations,
}: {
  children: ReactNode;
  language: Language;
  translations: Catalogue;
}) {
  const [shown, setShown] = useState<Shown>(() => ({
    language: rendered,
    t: translator(rendered, translations),
  }));
  // What a failed switch answers with, and the dictionaries fetched so far.
  const latest = useRef(shown);
  const catalogues = useRef<Partial<Record<Language, Catalogue>>>({ [rendered]: translations });
  const { language, t } = shown;

  const setLanguage = useCallback(async (next: Language) => {
    try {
      const catalogue =
        catalogues.current[next] ?? (catalogues.current = await getTranslations())[next];
      const nextShown = { language: next, t: translator(next, catalogue) };
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

  const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const context = use(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
