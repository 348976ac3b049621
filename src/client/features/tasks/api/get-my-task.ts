import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { ApiError, apiCall } from '../../../lib/api-fetch.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';

export function getMyTask(id: string) {
  return apiCall(tasksApi.myDetail, { params: { id } });
}

export function myTaskQueryKey(id: string) {
  return [...myTasksQueryKey, 'detail', id] as const;
}

export function myTaskQueryOptions(id: string) {
  return queryOptions({
    queryKey: myTaskQueryKey(id),
    queryFn: () => getMyTask(id),
    // A task that is not there (or not ours) will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useMyTask(id: string) {
  return useQuery(myTaskQueryOptions(id));
}
