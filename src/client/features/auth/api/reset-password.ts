import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '../../../../domain/auth.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function resetPassword(request: ResetPasswordRequest): Promise<void> {
  return apiFetch<void>('/api/auth/reset-password', { method: 'POST', json: request });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
