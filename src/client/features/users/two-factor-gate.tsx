import { LogOut } from 'lucide-react';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useRefreshCurrentUser } from './api/enable-two-factor.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/**
 * What an administrator sees, whatever page they opened, while REQUIRE_ADMIN_2FA holds them to
 * set up two-step verification (decision 0052): the set-up, and the way out. Once it is on, who
 * is signed in is asked again and the page they opened appears.
 */
export function TwoFactorGate({
  onSignOut,
  isSigningOut,
}: {
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const { t } = useLanguage();
  const refresh = useRefreshCurrentUser();
  return (
    <main id="main" tabIndex={-1} className="mx-auto grid w-full max-w-lg gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('settings.twoFactor.gateTitle')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('settings.twoFactor.gateIntro')}</p>
      </div>
      <Card>
        <TwoFactorSetup onDone={() => void refresh()} />
      </Card>
      <Button
        type="button"
        variant="ghost"
        onClick={onSignOut}
        isPending={isSigningOut}
        className="justify-self-start"
      >
        <LogOut aria-hidden="true" />
        {t('layout.logout')}
      </Button>
    </main>
  );
}
