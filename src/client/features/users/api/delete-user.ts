import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { usersQueryKey } from './get-users.ts';

export function deleteUser(id: string) {
  return apiCall(usersApi.delete, { params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
