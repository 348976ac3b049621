import { useMutation } from '@tanstack/react-query';
import type { AdminPasswordChangeRequest } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function changeUserPassword({
  id,
  ...request
}: AdminPasswordChangeRequest & { id: string }): Promise<void> {
  return apiFetch<void>(`/api/admin/users/${encodeURIComponent(id)}/password`, {
    method: 'PATCH',
    json: request,
  });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
