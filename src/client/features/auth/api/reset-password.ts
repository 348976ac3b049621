import { authApi } from '../../../../domain/api/auth.ts';
import type { ResetPasswordRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function resetPassword(request: ResetPasswordRequest) {
  return apiCall(authApi.resetPassword, { body: request });
}

export function useResetPassword() {
  return useAction({ mutationFn: resetPassword });
}
