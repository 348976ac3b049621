import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../domain/applications.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getApplications(): Promise<Application[]> {
  return apiFetch<Application[]>('/api/admin/applications-v2');
}

/** Under the 'admin' key, so a change that touches applications can refresh every admin view. */
export const applicationsQueryKey = ['admin', 'applications'] as const;

export function applicationsQueryOptions() {
  return queryOptions({ queryKey: applicationsQueryKey, queryFn: getApplications });
}

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
