import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskListQuery } from '../../../../domain/tasks.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getMyTasks(query: TaskListQuery) {
  return apiCall(tasksApi.myList, { query });
}

/** Every query of the creator's own tasks (lists and details) starts with this key. */
export const myTasksQueryKey = ['tasks'] as const;

export function myTasksQueryOptions(query: TaskListQuery) {
  return queryOptions({
    queryKey: [...myTasksQueryKey, 'list', query],
    queryFn: () => getMyTasks(query),
    placeholderData: keepPreviousData,
  });
}

export function useMyTasks(query: TaskListQuery) {
  return useQuery(myTasksQueryOptions(query));
}
