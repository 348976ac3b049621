import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { SiteSettings } from '../../domain/site.ts';
import { LanguageProvider } from './language-provider.tsx';
import { SiteProvider } from './site-provider.tsx';

interface ProvidersProps {
  children: ReactNode;
  /** Made by the entry (browser or server) from what the server handed over. */
  i18n: I18n;
  site: SiteSettings;
}

/**
 * What every page needs. The application's screens add theirs (the query cache, tooltips) in
 * `PlatformProviders`, so public pages download none of it.
 */
export function Providers({ children, i18n, site }: ProvidersProps) {
  return (
    <SiteProvider site={site}>
      <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
    </SiteProvider>
  );
}
