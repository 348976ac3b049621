import { usersApi } from '../../../../domain/api/users.ts';
import type { PasswordChangeRequest } from '../../../../domain/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function changePassword(request: PasswordChangeRequest) {
  return apiCall(usersApi.changePassword, { body: request });
}

export function useChangePassword() {
  return useAction({ mutationFn: changePassword });
}
