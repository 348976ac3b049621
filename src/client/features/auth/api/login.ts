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
      // Whatever the previous visitor had loaded must not show through.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'translations' });
      queryClient.setQueryData(currentUserQueryKey, response.user);
    },
  });
}
