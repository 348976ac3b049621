import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { homePathFor, useCurrentUser } from '../../lib/current-user.ts';
import { buttonVariants } from '../ui/button.tsx';

/**
 * Stands in for a screen that a later change builds; says so instead of showing an empty page.
 * It opens only inside the signed-in frame, so its way back is the person's own dashboard, not
 * the public site.
 */
export function PagePending({ titleKey }: { titleKey: string }) {
  const { t } = useLanguage();
  const { data: user } = useCurrentUser();
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(titleKey)}</h1>
      <p className="mt-4 text-muted-foreground">{t('pending.description')}</p>
      {user && (
        <Link
          to={homePathFor(user)}
          className={buttonVariants({ variant: 'outline', className: 'mt-8' })}
        >
          {t('pending.backToDashboard')}
        </Link>
      )}
    </main>
  );
}
