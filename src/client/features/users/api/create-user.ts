import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { adminDashboardQueryKey } from './get-admin-dashboard.ts';
import { usersQueryKey } from './get-users.ts';

export function createUser(request: CreateUserRequest): Promise<User> {
  return apiFetch<User>('/api/admin/users', { method: 'POST', json: request });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
      ]),
  });
}
