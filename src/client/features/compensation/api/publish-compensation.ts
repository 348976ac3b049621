import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Compensation } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { influencersQueryKey } from './get-influencers.ts';
import { adminCompensationsQueryKey } from './get-influencer-compensations.ts';

export function publishCompensation(id: string): Promise<Compensation> {
  return apiFetch<Compensation>(`/api/admin/compensations/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
  });
}

export function usePublishCompensation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: influencersQueryKey }),
      ]),
  });
}
