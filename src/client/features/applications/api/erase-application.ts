import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** DELETE /api/admin/applications-v2/{id}: the row, its notes and its ID document, for good. */
export function eraseApplication(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/applications-v2/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useEraseApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseApplication,
    // The dashboard's application figures change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
