import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { AdminPasswordChangeRequest } from '../../../../domain/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function changeUserPassword({
  id,
  ...request
}: AdminPasswordChangeRequest & { id: string }) {
  return apiCall(usersApi.setPassword, { params: { id }, body: request });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
