import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Compensation } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The signed-in creator's published pay (drafts never leave the server). */
export function getMyCompensations(): Promise<Compensation[]> {
  return apiFetch<Compensation[]>('/api/compensations');
}

export function myCompensationsQueryOptions() {
  return queryOptions({
    queryKey: ['compensations', 'mine'],
    queryFn: getMyCompensations,
    // Pay is published while the creator is signed in, and the bell sends them here to see it:
    // each visit asks again rather than showing what an earlier visit found.
    refetchOnMount: 'always',
  });
}

export function useMyCompensations() {
  return useQuery(myCompensationsQueryOptions());
}
