import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function changePassword(request: PasswordChangeRequest): Promise<void> {
  return apiFetch<void>('/api/user/password', { method: 'PUT', json: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
