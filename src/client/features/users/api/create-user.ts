import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { CreateUserRequest } from '../../../../domain/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { usersQueryKey } from './get-users.ts';

export function createUser(request: CreateUserRequest) {
  return apiCall(usersApi.create, { body: request });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
