import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCompensation } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getInfluencerCompensations(userId: string): Promise<AdminCompensation[]> {
  return apiFetch<AdminCompensation[]>(
    `/api/admin/compensations/user/${encodeURIComponent(userId)}`,
  );
}

/** Every administrators' pay query starts with this key, so one invalidation refreshes them all. */
export const adminCompensationsQueryKey = ['admin', 'compensations'] as const;

export function influencerCompensationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...adminCompensationsQueryKey, 'user', userId],
    queryFn: () => getInfluencerCompensations(userId),
  });
}

export function useInfluencerCompensations(userId: string) {
  return useQuery(influencerCompensationsQueryOptions(userId));
}
