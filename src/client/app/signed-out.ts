import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../domain/routes.ts';
import { toast } from '../components/ui/use-toast.ts';
import { currentUserQueryKey } from '../lib/current-user.ts';
import { useLanguage } from './language-provider.tsx';

/**
 * What follows the end of the browser's own session, however it was ended (the top bar's
 * Logout, or 'Sign out' on this device's row in Settings): the browser goes to the home page, the
 * person is forgotten and a toast says so (docs/product.md, "Sessions"). The signed-in page that
 * holds this hook must be the one that closes.
 */
export function useSignedOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useLanguage();
  // The signed-in pages hold this hook: its clean-up runs once they have closed.
  const onClosed = useRef<() => void>(undefined);
  useEffect(() => () => onClosed.current?.(), []);
  return useCallback(async () => {
    // Leave the signed-in pages first, so their guard does not send us to /login instead; a
    // navigation is a transition, done some time after navigate() returns. The person's data
    // stays cached only until the next sign-in, which clears it (login.ts): removing it here
    // would make the pages still on screen ask for it again, as nobody.
    await new Promise<void>((resolve) => {
      onClosed.current = resolve;
      void navigate(paths.home);
    });
    queryClient.setQueryData(currentUserQueryKey, null);
    toast({ title: t('auth.logout.successTitle'), description: t('auth.logout.success') });
  }, [navigate, queryClient, t]);
}
