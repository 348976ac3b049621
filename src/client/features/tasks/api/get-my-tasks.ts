import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTaskList, TaskListQuery } from '../../../../domain/tasks.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

export function getMyTasks(query: TaskListQuery): Promise<MyTaskList> {
  return apiFetch<MyTaskList>(`/api/tasks${listSearch(query)}`);
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
