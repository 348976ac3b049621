import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LanguageUpdateRequest, User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** Remembers the signed-in person's language on the server: their mail is written in it. */
export function updateLanguage(request: LanguageUpdateRequest): Promise<User> {
  return apiFetch<User>('/api/user/language', { method: 'PUT', json: request });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
