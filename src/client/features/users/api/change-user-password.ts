import { usersApi } from '../../../../domain/api/users.ts';
import type { AdminPasswordChangeRequest } from '../../../../domain/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function changeUserPassword({
  id,
  ...request
}: AdminPasswordChangeRequest & { id: string }) {
  return apiCall(usersApi.setPassword, { params: { id }, body: request });
}

export function useChangeUserPassword() {
  return useAction({ mutationFn: changeUserPassword });
}
