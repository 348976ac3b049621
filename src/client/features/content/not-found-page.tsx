import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { paths } from '../../../domain/routes.ts';

/**
 * The 404 page. Its way on is the home page, or what the frame around it offers instead (a
 * signed-in person's dashboard, app/not-found-route.tsx).
 */
export function NotFoundPage({ action }: { action?: ReactNode }) {
  const { t } = useLanguage();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <p className="text-7xl font-black text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-4 text-muted-foreground">{t('notFound.description')}</p>
      {action ?? (
        <Link to={paths.home} className={buttonVariants({ className: 'mt-8' })}>
          {t('notFound.returnHome')}
        </Link>
      )}
    </main>
  );
}
