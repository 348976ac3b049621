import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '../../../../domain/auth.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function login(request: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/auth/login', { method: 'POST', json: request });
}

/** Signs in and puts the person in the current-user cache, so guards see them at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      // Whatever the previous visitor had loaded must not show through. (The dictionaries are
      // not queries: the language provider keeps them in i18next, so nothing here spares them.)
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, response.user);
    },
  });
}
