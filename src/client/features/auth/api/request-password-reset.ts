import { authApi } from '../../../../domain/api/auth.ts';
import type { ForgotPasswordRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function requestPasswordReset(request: ForgotPasswordRequest) {
  return apiCall(authApi.forgotPassword, { body: request });
}

export function useRequestPasswordReset() {
  return useAction({ mutationFn: requestPasswordReset });
}
