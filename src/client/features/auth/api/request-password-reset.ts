import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, MessageResponse } from '../../../../domain/auth.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function requestPasswordReset(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/forgot-password', { method: 'POST', json: request });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
