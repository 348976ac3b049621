import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { PasswordChangeRequest } from '../../../../domain/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function changePassword(request: PasswordChangeRequest) {
  return apiCall(usersApi.changePassword, { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
