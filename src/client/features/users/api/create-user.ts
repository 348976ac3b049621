import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { CreateUserRequest } from '../../../../domain/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { usersQueryKey } from './get-users.ts';

export function createUser(request: CreateUserRequest) {
  return apiCall(usersApi.create, { body: request });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
