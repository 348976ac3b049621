import { useQueryClient } from '@tanstack/react-query';
import { applicationsApi } from '../../../../domain/api/applications.ts';
import type { ApplicationStatusUpdate } from '../../../../domain/applications.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function updateApplicationStatus({
  id,
  ...update
}: ApplicationStatusUpdate & { id: string }) {
  return apiCall(applicationsApi.review, { params: { id }, body: update });
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateApplicationStatus,
    // Approval creates an account, so the user lists and the dashboard's figures change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
