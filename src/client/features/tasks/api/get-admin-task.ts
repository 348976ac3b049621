import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { ApiError, apiCall } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function getAdminTask(id: string) {
  return apiCall(tasksApi.adminDetail, { params: { id } });
}

/** Under the list's key, so a change made on either screen refreshes both. */
export function adminTaskQueryKey(id: string) {
  return [...adminTasksQueryKey, 'detail', id] as const;
}

export function adminTaskQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminTaskQueryKey(id),
    queryFn: () => getAdminTask(id),
    // A task that is not there will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useAdminTask(id: string) {
  return useQuery(adminTaskQueryOptions(id));
}
