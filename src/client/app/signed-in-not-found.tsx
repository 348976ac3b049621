import { Link } from 'react-router';
import type { User } from '../../domain/users.ts';
import { buttonVariants } from '../components/ui/button.tsx';
import { NotFoundPage } from '../features/content/not-found-page.tsx';
import { homePathFor } from '../lib/current-user.ts';
import { useAllTexts, useLanguage } from './language-provider.tsx';
import { PlatformProviders } from './platform-providers.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

/**
 * The 404 page as a signed-in person meets it: inside their own frame (sidebar, bell, no 'Apply
 * Now'), with the way back to their dashboard.
 */
export function SignedInNotFound({ user }: { user: User }) {
  // The 404 page came with the public site's texts; the signed-in frame reads more.
  useAllTexts();
  const { t } = useLanguage();
  return (
    <PlatformProviders>
      <SignedInLayout access="signed-in">
        <NotFoundPage
          action={
            <Link to={homePathFor(user)} className={buttonVariants({ className: 'mt-8' })}>
              {t('pending.backToDashboard')}
            </Link>
          }
        />
      </SignedInLayout>
    </PlatformProviders>
  );
}
