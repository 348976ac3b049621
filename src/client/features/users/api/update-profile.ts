import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateRequest, User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { meQueryKey } from './get-me.ts';

export function updateProfile(request: ProfileUpdateRequest): Promise<User> {
  return apiFetch<User>('/api/user/profile', { method: 'PUT', json: request });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The sidebar shows the username too.
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
