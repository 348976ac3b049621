import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../../../../domain/api/dashboards.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getAdminDashboard() {
  return apiCall(dashboardsApi.admin);
}

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function adminDashboardQueryOptions() {
  // The figures come from every area; each visit asks again rather than trusting the cache.
  return queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: getAdminDashboard,
    staleTime: 0,
    // A backup under way is followed every second until it ends.
    refetchInterval: (query) => (query.state.data?.system.backup.running ? 1000 : false),
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
