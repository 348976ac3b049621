import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InfluencerDashboard } from '../../../../domain/dashboards.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getDashboard(): Promise<InfluencerDashboard> {
  return apiFetch<InfluencerDashboard>('/api/dashboard');
}

export const dashboardQueryKey = ['dashboard'] as const;

export function dashboardQueryOptions() {
  // Tasks and pay change in other areas; each visit asks again rather than trusting the cache.
  return queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard, staleTime: 0 });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
