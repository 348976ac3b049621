import { Sparkle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { LanguageSelect } from '../../components/layout/language-select.tsx';
import { paths } from '../../../domain/routes.ts';

/** The sign-in and reset pages: a way back to the site and the language, then the form. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <>
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4">
          <Link to={paths.home} className="flex items-center gap-2 rounded-md p-1 font-semibold">
            <Sparkle className="size-7 text-accent" aria-hidden="true" />
            <span className="sr-only">{t('nav.home')}</span>
          </Link>
          <LanguageSelect />
        </div>
      </header>
      {children}
    </>
  );
}
