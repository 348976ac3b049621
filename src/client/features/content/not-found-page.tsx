import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { paths } from '../../../domain/routes.ts';

export function NotFoundPage() {
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
      <Link to={paths.home} className={buttonVariants({ className: 'mt-8' })}>
        {t('notFound.returnHome')}
      </Link>
    </main>
  );
}
