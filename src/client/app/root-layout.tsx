import { Outlet } from 'react-router';
import { ToasterOnDemand } from '../components/ui/toaster-on-demand.tsx';
import { useLanguage } from './language-provider.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

export function RootLayout() {
  const { t } = useLanguage();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-accent font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:px-4 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <Outlet />
      <ScrollToTop />
      <ToasterOnDemand />
    </>
  );
}

/** Shown only while the first page's code is still arriving. */
export function RootLoading() {
  const { t } = useLanguage();
  return (
    <p role="status" className="sr-only">
      {t('common.loading')}
    </p>
  );
}
