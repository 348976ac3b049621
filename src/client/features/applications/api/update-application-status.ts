import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationReviewResponse,
  ApplicationStatusUpdate,
} from '../../../../domain/applications.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function updateApplicationStatus({
  id,
  ...update
}: ApplicationStatusUpdate & { id: string }): Promise<ApplicationReviewResponse> {
  return apiFetch<ApplicationReviewResponse>(
    `/api/admin/applications-v2/${encodeURIComponent(id)}/status`,
    {
      method: 'PUT',
      json: update,
    },
  );
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    // Approval creates an account, so the user lists and the dashboard's figures change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
