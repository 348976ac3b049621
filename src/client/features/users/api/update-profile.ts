import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { ProfileUpdateRequest } from '../../../../domain/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import type { CurrentUser } from '../../../../domain/auth.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { meQueryKey } from './get-me.ts';

export function updateProfile(request: ProfileUpdateRequest) {
  return apiCall(usersApi.updateProfile, { body: request });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateProfile,
    // The sidebar shows the username too.
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      // The signed-in person keeps what only the session calls say (their second factor).
      queryClient.setQueryData(currentUserQueryKey, (current?: CurrentUser | null) =>
        current ? { ...current, ...user } : current,
      );
    },
  });
}
