import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Compensation, CompensationUpdate } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { influencersQueryKey } from './get-influencers.ts';
import { adminCompensationsQueryKey } from './get-influencer-compensations.ts';

export function updateCompensation({
  id,
  ...update
}: CompensationUpdate & { id: string }): Promise<Compensation> {
  return apiFetch<Compensation>(`/api/admin/compensations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: update,
  });
}

export function useUpdateCompensation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: influencersQueryKey }),
      ]),
  });
}
