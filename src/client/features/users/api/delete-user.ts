import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { adminDashboardQueryKey } from './get-admin-dashboard.ts';
import { usersQueryKey } from './get-users.ts';

export function deleteUser(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
      ]),
  });
}
