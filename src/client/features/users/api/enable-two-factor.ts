import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { TwoFactorEnableRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function enableTwoFactor(request: TwoFactorEnableRequest) {
  return apiCall(authApi.enableTwoFactor, { body: request });
}

/**
 * Puts the authenticator in force; answers the recovery codes, which the screen shows before
 * it asks who is signed in again (that answer opens the screens an administrator was held from).
 */
export function useEnableTwoFactor() {
  return useAction({ mutationFn: enableTwoFactor });
}

/** Who is signed in, asked again once the person has put their recovery codes away. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}
