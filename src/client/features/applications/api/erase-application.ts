import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { applicationQueryOptions } from './get-application.ts';

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
    onSuccess: (_nothing, id) => {
      // The erased one is gone for good: asking for it again could only answer 404.
      queryClient.removeQueries({ queryKey: applicationQueryOptions(id).queryKey });
      // The lists and the dashboard's application figures change.
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
