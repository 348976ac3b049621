import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { applicationsApi } from '../../../../domain/api/applications.ts';
import type { ApplicationListQuery } from '../../../../domain/applications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getApplications(query: ApplicationListQuery) {
  return apiCall(applicationsApi.list, { query });
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
