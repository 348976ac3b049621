import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { ForgotPasswordRequest } from '../../../../domain/auth.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function requestPasswordReset(request: ForgotPasswordRequest) {
  return apiCall(authApi.forgotPassword, { body: request });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
