import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Compensation, CompensationInput } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { influencersQueryKey } from './get-influencers.ts';
import { adminCompensationsQueryKey } from './get-influencer-compensations.ts';

export function createCompensation(input: CompensationInput): Promise<Compensation> {
  return apiFetch<Compensation>('/api/admin/compensations', { method: 'POST', json: input });
}

export function useCreateCompensation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: influencersQueryKey }),
      ]),
  });
}
