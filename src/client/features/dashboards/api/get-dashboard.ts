import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../../../../domain/api/dashboards.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getDashboard() {
  return apiCall(dashboardsApi.creator);
}

export const dashboardQueryKey = ['dashboard'] as const;

export function dashboardQueryOptions() {
  // Tasks and compensation change in other areas; each visit asks again rather than trusting
  // the cache.
  return queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard, staleTime: 0 });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
