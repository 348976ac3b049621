import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationsApi } from '../../../../domain/api/applications.ts';
import type { Application } from '../../../../domain/applications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { applicationsQueryKey } from './get-applications.ts';

export function getApplication(id: string) {
  return apiCall(applicationsApi.get, { params: { id } });
}

export function applicationQueryOptions(id: string, shown?: Application) {
  return queryOptions({
    // Under the list's key, so whatever refreshes the list refreshes the one under review.
    queryKey: [...applicationsQueryKey, 'one', id],
    queryFn: () => getApplication(id),
    // The card the person clicked is shown at once; the server's copy follows.
    initialData: shown,
  });
}

/** The application under review, as saved, whether or not the list's filter still shows it. */
export function useApplication(id: string | null, shown?: Application) {
  return useQuery({ ...applicationQueryOptions(id ?? '', shown), enabled: id !== null });
}
