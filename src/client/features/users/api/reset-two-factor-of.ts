import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { usersQueryKey } from './get-users.ts';

/** An administrator turns off someone's second factor; a mail tells them (204, also when off). */
export function resetTwoFactorOf(id: string) {
  return apiCall(usersApi.resetTwoFactor, { params: { id } });
}

export function useResetTwoFactorOf() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: resetTwoFactorOf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
