import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { UpdateUserRequest } from '../../../../domain/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { usersQueryKey } from './get-users.ts';

export function updateUser({ id, ...request }: UpdateUserRequest & { id: string }) {
  return apiCall(usersApi.update, { params: { id }, body: request });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        // An administrator may have edited their own account.
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
