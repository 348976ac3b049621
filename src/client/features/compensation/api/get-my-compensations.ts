import { queryOptions, useQuery } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** The signed-in creator's published compensation (drafts never leave the server). */
export function getMyCompensations() {
  return apiCall(compensationApi.mine);
}

export function myCompensationsQueryOptions() {
  return queryOptions({
    queryKey: ['compensations', 'mine'],
    queryFn: getMyCompensations,
    // Compensation is published while the creator is signed in, and its notification sends them
    // here to see it: each visit asks again rather than showing what an earlier visit found.
    refetchOnMount: 'always',
  });
}

export function useMyCompensations() {
  return useQuery(myCompensationsQueryOptions());
}
