import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { TwoFactorDisableRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function disableTwoFactor(request: TwoFactorDisableRequest) {
  return apiCall(authApi.disableTwoFactor, { body: request });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
