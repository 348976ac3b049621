import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Compensation } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The signed-in creator's published pay (drafts never leave the server). */
export function getMyCompensations(): Promise<Compensation[]> {
  return apiFetch<Compensation[]>('/api/compensations');
}

export function myCompensationsQueryOptions() {
  return queryOptions({ queryKey: ['compensations', 'mine'], queryFn: getMyCompensations });
}

export function useMyCompensations() {
  return useQuery(myCompensationsQueryOptions());
}
