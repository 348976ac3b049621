import type { ReactNode } from 'react';
import type { Catalogue } from '../../domain/i18n.ts';
import type { Language } from '../../domain/languages.ts';
import type { SiteSettings } from '../../domain/site.ts';
import { LanguageProvider } from './language-provider.tsx';
import { SiteProvider } from './site-provider.tsx';

interface ProvidersProps {
  children: ReactNode;
  /** The page's language and its dictionary, as the server handed them over. */
  language: Language;
  translations: Catalogue;
  /** False when `translations` holds only the public site's texts (InitialState). */
  translationsComplete?: boolean;
  site: SiteSettings;
}

/**
 * What every page needs. The application's screens add theirs (the query cache, tooltips) in
 * `PlatformProviders`, so public pages download none of it.
 */
export function Providers({
  children,
  language,
  translations,
  translationsComplete = true,
  site,
}: ProvidersProps) {
  return (
    <SiteProvider site={site}>
      <LanguageProvider
        language={language}
        translations={translations}
        translationsComplete={translationsComplete}
      >
        {children}
      </LanguageProvider>
    </SiteProvider>
  );
}
