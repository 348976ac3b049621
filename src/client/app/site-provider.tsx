import { createContext, use, type ReactNode } from 'react';
import { defaultSiteSettings, type SiteSettings } from '../../domain/site.ts';

const SiteContext = createContext<SiteSettings>(defaultSiteSettings);

/**
 * Hands the agency's identity and outside links, as the server put them into the page, to every
 * page. They do not change while a page is open, so they need no fetching or caching here.
 */
export function SiteProvider({ site, children }: { site: SiteSettings; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

/** The agency's identity and outside links (an unset link is absent: the page hides it). */
export function useSite(): SiteSettings {
  return use(SiteContext);
}
