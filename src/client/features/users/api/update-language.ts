import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { LanguageUpdateRequest } from '../../../../domain/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** Remembers the signed-in person's language on the server: their mail is written in it. */
export function updateLanguage(request: LanguageUpdateRequest) {
  return apiCall(usersApi.updateLanguage, { body: request });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
