import { useEffect } from 'react';
import { pageText } from '../../domain/page-head.ts';
import { matchRoute } from '../../domain/routes.ts';
import { useLanguage } from './language-provider.tsx';
import { useSite } from './site-provider.tsx';

/**
 * Keeps the tab's title and the meta description in step with the page and the language as the
 * visitor moves around. The server wrote the first ones into the HTML.
 */
export function useDocumentHead(pathname: string): void {
  const { t } = useLanguage();
  const { agencyName } = useSite();
  useEffect(() => {
    const text = pageText(matchRoute(pathname), (key) => t(key), agencyName);
    document.title = text.title;
    if (text.description !== undefined) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', text.description);
    }
  }, [pathname, t, agencyName]);
}
