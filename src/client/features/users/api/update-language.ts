// A choice of language is queued, never dropped (see useUpdateLanguage).
// eslint-disable-next-line no-restricted-imports
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { LanguageUpdateRequest } from '../../../../domain/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** Remembers the signed-in person's language on the server: their mail is written in it. */
export function updateLanguage(request: LanguageUpdateRequest) {
  return apiCall(usersApi.updateLanguage, { body: request });
}

/**
 * Not `useAction`: a choice of language is not dropped while the previous one is saved, as the
 * last one chosen must win. The saves run one after another (one scope), in the order chosen.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    scope: { id: 'preferred-language' },
    // The signed-in person keeps what only the session calls say (their second factor).
    onSuccess: (user) =>
      queryClient.setQueryData(currentUserQueryKey, (current?: CurrentUser | null) =>
        current ? { ...current, ...user } : current,
      ),
  });
}
