import { authApi } from '../../../../domain/api/auth.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { useSignedOut } from '../../../app/signed-out.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function logout() {
  return apiCall(authApi.logout);
}

/** Signs out, says so, and takes the browser to the home page (docs/product.md, "Sessions"). */
export function useLogout() {
  const { t } = useLanguage();
  const signedOut = useSignedOut();
  return useAction({
    mutationFn: logout,
    onSuccess: signedOut,
    onError: () => {
      toast({
        variant: 'destructive',
        title: t('auth.logout.failureTitle'),
        description: t('auth.logout.failure'),
      });
    },
  });
}
