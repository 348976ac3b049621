import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../domain/dashboards.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getAdminDashboard(): Promise<AdminDashboard> {
  return apiFetch<AdminDashboard>('/api/admin/dashboard');
}

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function adminDashboardQueryOptions() {
  // The figures come from every area; each visit asks again rather than trusting the cache.
  return queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: getAdminDashboard,
    staleTime: 0,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
