import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { LoginTwoFactorRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function loginTwoFactor(request: LoginTwoFactorRequest) {
  return apiCall(authApi.loginTwoFactor, { body: request });
}

/**
 * The code step of a sign-in (decision 0052): the browser's challenge cookie goes with it. Like
 * the password step without a factor, it puts the person in the current-user cache.
 */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: loginTwoFactor,
    onSuccess: (response) => {
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, response.user);
    },
  });
}
