import { queryOptions, useQuery } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getCreatorCompensations(userId: string) {
  return apiCall(compensationApi.historyOf, { params: { userId } });
}

/**
 * Every administrators' compensation query starts with this key, so one invalidation refreshes
 * them all.
 */
export const adminCompensationsQueryKey = ['admin', 'compensations'] as const;

export function creatorCompensationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...adminCompensationsQueryKey, 'user', userId],
    queryFn: () => getCreatorCompensations(userId),
  });
}

export function useCreatorCompensations(userId: string) {
  return useQuery(creatorCompensationsQueryOptions(userId));
}
