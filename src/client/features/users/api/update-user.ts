import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest, User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { adminDashboardQueryKey } from './get-admin-dashboard.ts';
import { usersQueryKey } from './get-users.ts';

export function updateUser({ id, ...request }: UpdateUserRequest & { id: string }): Promise<User> {
  return apiFetch<User>(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: request,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
        // An administrator may have edited their own account.
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
