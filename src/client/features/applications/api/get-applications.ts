import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationList, ApplicationListQuery } from '../../../../domain/applications.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

export function getApplications(query: ApplicationListQuery): Promise<ApplicationList> {
  return apiFetch<ApplicationList>(`/api/admin/applications-v2${listSearch(query)}`);
}

/** Under the 'admin' key, so a change that touches applications can refresh every admin view. */
export const applicationsQueryKey = ['admin', 'applications'] as const;

export function applicationsQueryOptions(query: ApplicationListQuery) {
  return queryOptions({
    queryKey: [...applicationsQueryKey, query],
    queryFn: () => getApplications(query),
    placeholderData: keepPreviousData,
  });
}

export function useApplications(query: ApplicationListQuery) {
  return useQuery(applicationsQueryOptions(query));
}
