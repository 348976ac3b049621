import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../../../domain/api/auth.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { paths } from '../../../../domain/routes.ts';

export function logout() {
  return apiCall(authApi.logout);
}

/** Signs out, says so, and takes the browser to the home page (docs/product.md, "Sessions"). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useLanguage();
  // The signed-in pages hold this hook: its clean-up runs once they have closed.
  const onClosed = useRef<() => void>(undefined);
  useEffect(() => () => onClosed.current?.(), []);
  return useAction({
    mutationFn: logout,
    onSuccess: async () => {
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
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: t('auth.logout.failureTitle'),
        description: t('auth.logout.failure'),
      });
    },
  });
}
