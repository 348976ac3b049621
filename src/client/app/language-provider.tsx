import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import { defaultLanguage, isLanguage, languages, type Language } from '../../domain/languages.ts';
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

function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/**
 * Gives the app its language. `i18n` starts with the language and dictionary the server rendered
 * the page in (see entry-client.tsx), so the first render matches the HTML. A few lines over the
 * i18next instance do what react-i18next would, without its weight on every public page.
 */
export function LanguageProvider({ children, i18n }: { children: ReactNode; i18n: I18n }) {
  const [rendered] = useState(() => languageOf(i18n));
  const [language, setCurrentLanguage] = useState(rendered);
  // A new `t` for each language, so whatever depends on it renders again.
  const t = useMemo(() => i18n.getFixedT(language), [i18n, language]);

  useEffect(() => {
    const onChange = () => setCurrentLanguage(languageOf(i18n));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  const setLanguage = useCallback(
    (next: Language) => {
      const apply = async () => {
        if (!i18n.hasResourceBundle(next, 'translation')) {
          const translations = await getTranslations();
          for (const code of languages) {
            i18n.addResourceBundle(code, 'translation', translations[code], true, true);
          }
        }
        await i18n.changeLanguage(next);
        storeLanguage(next);
        // A page opened as ?lang=xx would otherwise come back in xx on reload.
        const url = new URL(window.location.href);
        if (url.searchParams.has(languageParam)) {
          url.searchParams.set(languageParam, next);
          window.history.replaceState(window.history.state, '', url);
        }
      };
      // Without the other dictionaries (offline) the page stays readable in its language.
      return apply()
        .catch(() => undefined)
        .then(() => i18n.getFixedT(languageOf(i18n)));
    },
    [i18n],
  );

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
