import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { LoginRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function login(request: LoginRequest) {
  return apiCall(authApi.login, { body: request });
}

/** Signs in and puts the person in the current-user cache, so guards see them at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: login,
    onSuccess: (response) => {
      // The code step follows: nobody is signed in yet.
      if ('twoFactorRequired' in response) return;
      // Whatever the previous visitor had loaded must not show through. (The dictionaries are
      // not queries: the language provider keeps them, so nothing here spares them.)
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, response.user);
    },
  });
}
